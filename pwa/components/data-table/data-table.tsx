/**
 * The one table of the back office: Fluent's Table with sortable columns (a header is a button;
 * `aria-sort` tells the order), an optional search box, pages of 25 rows, six skeleton rows while
 * loading and an empty state. A screen passes its columns and rows; wide tables scroll sideways
 * inside a focusable region on small screens.
 *
 *   <DataTable label="Webinars" rows={courses} rowKey={(c) => c.id} columns={[{ id: 'title', header: 'Title', cell: (c) => c.title, sortValue: (c) => c.title }]} />
 */
import {
  Button,
  Field,
  SearchBox,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useMemo, useState, type ReactNode } from 'react';

export interface DataColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => string | number | null;
  /** Narrow columns (actions) keep their content's width. */
  shrink?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading?: boolean;
  /** Shown instead of the table when there are no rows at all. */
  empty: ReactNode;
  /** With a search box: the text a row is found by. */
  searchText?: (row: Row) => string;
  searchLabel?: string;
  pageSize?: number;
}

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  scroller: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  // Columns as wide as their content needs (Fluent's fixed layout gives every column the same width,
  // so long titles ran into the next cell and a narrow actions column hid its buttons).
  table: { minWidth: '48rem', tableLayout: 'auto' },
  shrink: { width: '1%', whiteSpace: 'nowrap' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { maxWidth: '24rem' },
});

type Sort = { column: string; direction: 'ascending' | 'descending' } | null;

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
}

export function DataTable<Row>({ label, columns, rows, rowKey, loading, empty, searchText, searchLabel = 'Search', pageSize = 25 }: DataTableProps<Row>) {
  const styles = useStyles();
  const [sort, setSort] = useState<Sort>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    let list = rows ?? [];
    if (term && searchText) list = list.filter((row) => searchText(row).toLowerCase().includes(term));
    const column = sort && columns.find((c) => c.id === sort.column);
    if (sort && column?.sortValue) {
      const value = column.sortValue;
      const sign = sort.direction === 'ascending' ? 1 : -1;
      list = [...list].sort((a, b) => sign * compare(value(a), value(b)));
    }
    return list;
  }, [rows, search, searchText, sort, columns]);

  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages - 1);
  const visible = shown.slice(current * pageSize, (current + 1) * pageSize);

  const toggleSort = (column: string) => {
    setSort((previous) =>
      previous?.column === column && previous.direction === 'ascending' ? { column, direction: 'descending' } : { column, direction: 'ascending' },
    );
  };

  if (!loading && rows && rows.length === 0) return <>{empty}</>;

  return (
    <div className={styles.wrap}>
      {searchText ? (
        <Field label={searchLabel} className={styles.search}>
          <SearchBox
            value={search}
            onChange={(_event, data) => {
              setSearch(data.value);
              setPage(0);
            }}
          />
        </Field>
      ) : null}
      {/* A focusable region, so keyboard users can scroll a wide table sideways (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={styles.scroller} role="region" aria-label={label} tabIndex={0}>
        <Table aria-label={label} className={styles.table} sortable>
          <TableHeader>
            <TableRow>
              {columns.map((column) =>
                column.sortValue ? (
                  <TableHeaderCell
                    key={column.id}
                    sortDirection={sort?.column === column.id ? sort.direction : undefined}
                    onClick={() => toggleSort(column.id)}
                  >
                    {column.header}
                  </TableHeaderCell>
                ) : (
                  <TableHeaderCell key={column.id} sortable={false} className={column.shrink ? styles.shrink : undefined}>
                    {column.header}
                  </TableHeaderCell>
                ),
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading && !rows
              ? Array.from({ length: 6 }, (_, i) => (
                  <TableRow key={`skeleton-${i}`} aria-hidden="true">
                    {columns.map((column) => (
                      <TableCell key={column.id}>
                        <Skeleton>
                          <SkeletonItem />
                        </Skeleton>
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : visible.map((row) => (
                  <TableRow key={rowKey(row)}>
                    {columns.map((column) => (
                      <TableCell key={column.id} className={column.shrink ? styles.shrink : undefined}>
                        {column.cell(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </div>
      {rows && shown.length === 0 ? <Text role="status">No results match “{search.trim()}”.</Text> : null}
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={`${label} pages`}>
          <Button disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous page
          </Button>
          <Text aria-live="polite">
            Page {current + 1} of {pages}
          </Text>
          <Button disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next page
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
