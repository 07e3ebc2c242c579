/**
 * The back office's paged lists (lib/paged-list.ts) as queries that work offline: each page's
 * answer is kept on the device, so a list seen once opens offline with what it showed
 * (admin-snapshots.ts).
 */
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { fetchPage, type Page } from '@pwa/lib/paged-list';
import { ADMIN_READ, lastKnown } from './admin-snapshots';

/** One page: its rows and the `Link` header's next address; the kept one when the server cannot be reached. */
export function getPage<T>(url: string): Promise<Page<T>> {
  return lastKnown(url, () => fetchPage<T>(url));
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
