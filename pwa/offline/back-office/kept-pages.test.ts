import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPage } from './kept-pages';

afterEach(() => vi.unstubAllGlobals());

describe('paged lists', () => {
  it('read a page’s rows and the next page’s address from the Link header, none on the last page', async () => {
    const answers = [
      new Response(JSON.stringify([{ id: 'a' }]), { headers: { Link: '</api/users?role=admin&cursor=abc_-1>; rel="next"' } }),
      new Response(JSON.stringify([{ id: 'b' }])),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    expect(await getPage<{ id: string }>('/api/users?role=admin')).toEqual({ items: [{ id: 'a' }], next: '/api/users?role=admin&cursor=abc_-1' });
    expect(await getPage<{ id: string }>('/api/users?role=admin&cursor=abc_-1')).toEqual({ items: [{ id: 'b' }], next: null });
  });
});
