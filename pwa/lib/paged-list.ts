/**
 * The back office's paged lists (orders, people, messages, activity): each answer is the plain
 * array of one page, and the next page's address comes in `Link: <…>; rel="next"`, so a list loads
 * page after page on demand through `useInfiniteQuery` ("Load more"). Each page's answer is kept on
 * the device, so a list seen once opens offline with what it showed (offline/admin-snapshots.ts).
 */
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { ADMIN_READ, lastKnown } from '@pwa/offline/back-office/admin-snapshots';
import { apiRequest } from './api-client';

export interface Page<T> {
  items: T[];
  /** The next page's address, null on the last page. */
  next: string | null;
}

/** `base` with the parameters that have a value, in the order given (so equal filters give equal addresses). */
export function listPath(base: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== undefined && text !== null && text !== '') search.set(name, String(text));
  }
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

/** One page: its rows and the `Link` header's next address. */
export function getPage<T>(url: string): Promise<Page<T>> {
  return lastKnown(url, async () => {
    const response = await apiRequest('GET', url);
    const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('Link') ?? '')?.[1] ?? null;
    return { items: (await response.json()) as T[], next };
  });
}

/** The pages of a list from `firstPage` on, under `queryKey`; fresh each time a screen shows them (others write meanwhile). */
export function pagedQueryOptions<T, K extends QueryKey>(queryKey: K, firstPage: string) {
  return infiniteQueryOptions({
    ...ADMIN_READ,
    queryKey,
    queryFn: ({ pageParam }) => getPage<T>(pageParam),
    initialPageParam: firstPage,
    getNextPageParam: (last: Page<T>) => last.next ?? undefined,
    staleTime: 0,
  });
}
