/** The contributor dashboard's Recent Activity: the signed-in person's own latest catalogue changes, from the audit log. */
import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatDateTime } from '@pwa/lib/format';
import { useActivity } from '../api/get-activity';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  when: { color: tokens.colorNeutralForeground2 },
});

export function RecentActivity() {
  const styles = useStyles();
  const activity = useActivity();
  if (activity.isPending) return <Spinner size="tiny" label="Loading your recent changes..." />;
  if (activity.isError) return <Text>Your recent changes could not be loaded.</Text>;
  if (!activity.data.length) return <Text>No changes yet. Courses you create or edit will be listed here.</Text>;
  return (
    <ul className={styles.list} aria-label="Your recent changes">
      {activity.data.map((entry) => (
        <li key={entry.id}>
          <Text>{entry.summary}</Text> <Text className={styles.when}>({formatDateTime(entry.createdAt)})</Text>
        </li>
      ))}
    </ul>
  );
}
