/**
 * A back-office screen's list over its query, with what every list brings: the load error with
 * "Try Again" in its place when the query fails, the empty state when there is nothing, and
 * "Load more …" while a paged list (`lib/paged-list.ts`) has a next page. The query is a plain
 * one (`useQuery` of an array) or a paged one (`useInfiniteQuery` of `Page`s, shown as one table:
 * the server pages it).
 *
 *   <AdminList query={orders} what="orders" loadMore="Load more orders" label="Orders" rowKey={(o) => o.id} empty={{ title: 'No orders yet' }} columns={[…]} />
 *
 * `AdminCardList` is the same for a screen that shows its rows as cards.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '@pwa/lib/paged-list';
import { DataTable, type DataTableProps } from '../data-table/data-table';
import { EmptyState, type EmptyStateProps } from '../empty-state';
import { LoadError } from '../load-error';
import { LoadMore } from './load-more';

/** What a list needs of its query (TanStack Query's result, plain or infinite). */
export interface ListQuery<Row> {
  data: Row[] | InfiniteData<Page<Row>, unknown> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

/** A query's rows: the array, or every loaded page's rows in order. */
export function listRows<Row>(data: ListQuery<Row>['data']): Row[] | undefined {
  if (!data) return undefined;
  return Array.isArray(data) ? data : data.pages.flatMap((page) => page.items);
}

interface ListFrameProps<Row> {
  query: ListQuery<Row>;
  /** Names the rows in the load error ("We couldn't load the {what}"). */
  what: string;
  /** Shown when the query has no rows at all. */
  empty: EmptyStateProps;
  /** The rows to show when they are not all the query's (default: the query's rows). */
  rows?: Row[];
  /** A paged list's "Load more …" label. */
  loadMore?: string;
}

function ListFrame<Row>({ query, what, loadMore, children }: Pick<ListFrameProps<Row>, 'query' | 'what' | 'loadMore'> & { children: ReactNode }) {
  const { hasNextPage = false, isFetchingNextPage = false, fetchNextPage } = query;
  return (
    <>
      {query.isError ? <LoadError error={query.error} onRetry={() => query.refetch()} what={what} /> : children}
      {loadMore && fetchNextPage ? <LoadMore query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} label={loadMore} /> : null}
    </>
  );
}

export type AdminListProps<Row> = ListFrameProps<Row> & Omit<DataTableProps<Row>, 'rows' | 'loading' | 'empty'>;

/** The list as the one table (`DataTable`: six skeleton rows while loading, sorting, search). */
export function AdminList<Row>({ query, what, empty, rows, loadMore, pageSize, ...table }: AdminListProps<Row>) {
  return (
    <ListFrame query={query} what={what} loadMore={loadMore}>
      <DataTable<Row>
        {...table}
        rows={rows ?? listRows(query.data)}
        loading={query.isPending}
        empty={<EmptyState {...empty} />}
        // A paged list's pages come from the server: the table shows all that is loaded.
        pageSize={pageSize ?? (loadMore ? 10_000 : undefined)}
      />
    </ListFrame>
  );
}

/** The list as cards: `placeholder` while loading, then `children` with the rows (never none). */
export function AdminCardList<Row>({
  query,
  what,
  empty,
  rows,
  loadMore,
  placeholder,
  children,
}: ListFrameProps<Row> & { placeholder: ReactNode; children: (rows: Row[]) => ReactNode }) {
  const shown = rows ?? listRows(query.data) ?? [];
  let content: ReactNode;
  if (query.isPending) content = placeholder;
  else if (!shown.length) content = <EmptyState {...empty} />;
  else content = children(shown);
  return (
    <ListFrame query={query} what={what} loadMore={loadMore}>
      {content}
    </ListFrame>
  );
}
