/**
 * The offline copy's sync, off the main thread: the catalogue's JSON is parsed, validated and
 * written to IndexedDB here, so a catalogue of any size never blocks the page (the page follows
 * the writes through Dexie's live queries). Messages: `sync` in (now, or back online); `summary`
 * out once the summary copy is stored, with the catalogue's image addresses for the service
 * worker's cache; `done` when the details are stored too.
 */
import { requestCatalogueSync, WORKER_CHUNK } from './catalogue-sync';

const scope = globalThis as unknown as { onmessage: ((event: MessageEvent) => void) | null; postMessage: (message: unknown) => void };

scope.onmessage = (event: MessageEvent) => {
  if ((event.data as { type?: string } | null)?.type !== 'sync') return;
  const onSummary = (images: string[]) => scope.postMessage({ type: 'summary', images });
  void requestCatalogueSync(onSummary, { chunk: WORKER_CHUNK }).then(() => scope.postMessage({ type: 'done' }));
};
