/**
 * Report rows nobody bought with (issue 30, point 3): kept, never dropped, each with its minutes;
 * staff type (or pick from the attendees) the e-mail of the person it was and "Match" sends it
 * through the outbox (POST …/unmatched/:id/match); the row's time then counts for that person.
 */
import { Button, Field, Input, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { matchSchema, type UnmatchedRowDto } from '@contracts/attendance';
import { attendanceWrites, useAttendanceWrite } from '../api/attendance-writes';
import { useAttendance, useUnmatched } from '../api/get-attendance';
import { headingTag, useAttendanceStyles } from './attendance-styles';

export const MATCH_MESSAGES = { email: 'Please enter a valid email address' } as const;

function MatchRow({ courseId, row, listId }: { courseId: string; row: UnmatchedRowDto; listId: string }) {
  const styles = useAttendanceStyles();
  const write = useAttendanceWrite(courseId);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const who = row.email || row.name;
  const match = async () => {
    const checked = matchSchema.safeParse({ email });
    if (!checked.success) return setProblem(MATCH_MESSAGES.email);
    setProblem(undefined);
    setBusy(true);
    const outcome = await write(attendanceWrites(courseId).match(row.id, checked.data), 'Attendance matched', 'Failed to match the row');
    setBusy(false);
    if (outcome.kind === 'refused') setProblem(outcome.message);
  };
  return (
    <li className={styles.panel}>
      <Text weight="semibold">
        {row.name || '—'} · {row.email || 'no e-mail'} · {row.minutes} min
      </Text>
      {row.resolvedUserId ? (
        <Text className={styles.meta}>Matched.</Text>
      ) : (
        <form
          className={styles.row}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void match();
          }}
        >
          <Field label={`Attendee e-mail for ${who}`} validationState={problem ? 'error' : 'none'} validationMessage={problem}>
            <Input type="email" list={listId} value={email} onChange={(_event, data) => setEmail(data.value)} />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" disabled={busy} aria-label={`Match ${who}`}>
              Match
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

export function UnmatchedList({ courseId, headingLevel }: { courseId: string; headingLevel: number }) {
  const styles = useAttendanceStyles();
  const unmatched = useUnmatched(courseId);
  const attendees = useAttendance(courseId);
  const Heading = headingTag(headingLevel);
  const listId = `attendee-emails-${courseId}`;
  if (!unmatched.data || unmatched.data.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby={`unmatched-${courseId}`}>
      <Heading id={`unmatched-${courseId}`} className={styles.panelTitle}>
        Unmatched rows
      </Heading>
      <Text className={styles.meta}>People in a report whose e-mail no buyer has. Match each to the attendee it was; nothing is dropped.</Text>
      <datalist id={listId}>
        {(attendees.data ?? []).map((a) => (
          <option key={a.id} value={a.email} />
        ))}
      </datalist>
      <ul className={styles.list}>
        {unmatched.data.map((row) => (
          <MatchRow key={row.id} courseId={courseId} row={row} listId={listId} />
        ))}
      </ul>
    </section>
  );
}
