/**
 * The back office's paged lists (orders, people, messages, activity): each answer is the plain
 * array of one page, and the next page's address comes in `Link: <…>; rel="next"`, so a list loads
 * page after page on demand through `useInfiniteQuery` ("Load more"). The pages a screen reads are
 * kept on the device (`pagedQueryOptions`, offline/back-office/kept-pages.ts).
 */
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

/** One page from the server: its rows and the `Link` header's next address. */
export async function fetchPage<T>(url: string): Promise<Page<T>> {
  const response = await apiRequest('GET', url);
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('Link') ?? '')?.[1] ?? null;
  return { items: (await response.json()) as T[], next };
}
