/**
 * Cache Storage in memory for the downloads' tests (issue 34): one store for every cache name
 * opened (the names are recorded); once `room` puts are spent, `put` fails as a browser out of
 * quota does. Install with `vi.stubGlobal('caches', new FakeCaches())`.
 */
export class FakeCaches {
  store = new Map<string, ArrayBuffer>();
  room = Infinity;
  opened = new Set<string>();

  async open(name: string) {
    this.opened.add(name);
    return {
      put: async (url: string, response: Response) => {
        if (this.room-- <= 0) throw new DOMException('Quota exceeded', 'QuotaExceededError');
        this.store.set(url, await response.arrayBuffer());
      },
      match: async (url: string) => (this.store.has(url) ? new Response(this.store.get(url)!.slice(0)) : undefined),
      delete: async (url: string) => this.store.delete(url),
    };
  }
}
