/**
 * A live course's attendance on its My Training page (issue 30, point 3): the minutes the attendee
 * was there, the polls they answered and the credit that earns — or why it earns none. Until the
 * session's attendance is recorded (404) it says when it will appear; without access (403) nothing.
 */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { ApiError } from '@pwa/lib/api-client';
import { useMyAttendance } from '../api/get-my-attendance';
import { creditLine, minutesLine, pollsLine } from '../lib/attendance-summary';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalL,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  meta: { color: tokens.colorNeutralForeground2 },
});

export function MyAttendance({ courseId, viewer }: { courseId: string; viewer: string }) {
  const styles = useStyles();
  const attendance = useMyAttendance(courseId, viewer);
  if (attendance.isPending) return null;
  if (attendance.isError && !(attendance.error instanceof ApiError && attendance.error.status === 404)) return null;
  const row = attendance.data;
  const polls = row ? pollsLine(row) : null;
  return (
    <section className={styles.card} aria-labelledby="my-attendance-heading">
      <h2 id="my-attendance-heading" className={styles.heading}>
        Your attendance
      </h2>
      {row ? (
        <>
          <Text>{minutesLine(row)}</Text>
          {polls ? <Text>{polls}</Text> : null}
          <Text weight="semibold">{creditLine(row)}</Text>
        </>
      ) : (
        <Text className={styles.meta}>Your attendance and credits appear here once the session's attendance is recorded.</Text>
      )}
    </section>
  );
}
