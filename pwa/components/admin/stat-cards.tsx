/** A row of figures at the top of a back-office screen ("Total Webinars 12"). */
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground2, margin: 0 },
  value: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold, margin: 0 },
});

export function StatCards({ items, loading }: { items: Array<{ label: string; value: string | number }>; loading?: boolean }) {
  const styles = useStyles();
  return (
    <ul className={styles.grid} aria-label="Summary">
      {items.map((item) => (
        <li key={item.label}>
          <Card className={styles.card}>
            <Text className={styles.label}>{item.label}</Text>
            <span className={styles.value} data-testid={`stat-${item.label}`}>
              {loading ? '…' : item.value}
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}
