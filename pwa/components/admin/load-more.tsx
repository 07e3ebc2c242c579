/** "Load more …" under a back-office list whose pages come one at a time from the server (shown while there is a next page). */
import { Button, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({ more: { alignSelf: 'center' } });

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({ query, label }: { query: PagedQuery; label: string }) {
  const styles = useStyles();
  if (!query.hasNextPage) return null;
  return (
    <Button className={styles.more} onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
      {label}
    </Button>
  );
}
