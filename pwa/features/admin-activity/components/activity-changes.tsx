/** An audit entry's changed fields, each "field: before → after" (long values shortened; an empty value reads "—"). */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ActivityEntry } from '@contracts/admin-activity';

const MAX_VALUE = 80;

const useStyles = makeStyles({
  list: {
    margin: 0,
    padding: 0,
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: '14rem',
    maxWidth: '32rem',
  },
  item: { overflowWrap: 'anywhere' },
});

export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

export function ActivityChanges({ changes }: { changes: ActivityEntry['changes'] }) {
  const styles = useStyles();
  const fields = Object.entries(changes);
  if (!fields.length) return <Text>—</Text>;
  return (
    <ul className={styles.list}>
      {fields.map(([field, [before, after]]) => (
        <li key={field} className={styles.item}>
          <Text weight="semibold">{field}</Text>: {valueText(before)} → {valueText(after)}
        </li>
      ))}
    </ul>
  );
}
