/**
 * Report rows nobody bought with (issue 30, point 3): kept, never dropped, each with its minutes;
 * staff pick the attendee it was from the course's attendees (name and e-mail, typed to narrow:
 * a Fluent Combobox, operable from the keyboard) and "Match" sends it through the outbox
 * (POST …/unmatched/:id/match with the attendee's id); the row's time then counts for that person.
 * The server refuses anyone without access to the course.
 */
import { Button, Combobox, Field, Option, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { ATTENDANCE_MESSAGES, type AttendeeChoiceDto, type UnmatchedRowDto } from '@contracts/attendance';
import { attendanceWrites, useAttendanceWrite } from '../api/attendance-writes';
import { useUnmatched } from '../api/get-attendance';
import { useAttendees } from '../api/get-attendees';
import { attendeeLabel, attendeeMatches } from '../lib/attendee-choices';
import { headingTag, useAttendanceStyles } from './attendance-styles';

function MatchRow({ courseId, row, attendees }: { courseId: string; row: UnmatchedRowDto; attendees: readonly AttendeeChoiceDto[] }) {
  const styles = useAttendanceStyles();
  const write = useAttendanceWrite(courseId);
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const who = row.email || row.name;
  const { shown, more } = attendeeMatches(attendees, typed);
  const match = async () => {
    if (!chosen) return setProblem(ATTENDANCE_MESSAGES.chooseAttendee);
    setProblem(undefined);
    setBusy(true);
    const outcome = await write(attendanceWrites(courseId).match(row.id, { userId: chosen }), 'Attendance matched', 'Failed to match the row');
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
          <Field
            label={`Attendee for ${who}`}
            hint={more ? `${shown.length} of ${shown.length + more} shown: type to narrow` : undefined}
            validationState={problem ? 'error' : 'none'}
            validationMessage={problem}
          >
            <Combobox
              placeholder="Type a name or e-mail"
              // The list stays inside the page's landmarks (a portal would leave it outside them).
              inlinePopup
              value={typed}
              selectedOptions={chosen ? [chosen] : []}
              onChange={(event) => {
                setTyped(event.target.value);
                setChosen(undefined);
              }}
              onOptionSelect={(_event, data) => {
                setChosen(data.optionValue);
                setTyped(data.optionText ?? '');
                setProblem(undefined);
              }}
            >
              {shown.map((a) => (
                <Option key={a.userId} value={a.userId}>
                  {attendeeLabel(a)}
                </Option>
              ))}
              {shown.length === 0 ? (
                <Option key="none" value="" disabled>
                  No attendee matches
                </Option>
              ) : null}
            </Combobox>
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
  const open = (unmatched.data ?? []).some((row) => !row.resolvedUserId);
  const attendees = useAttendees(courseId, open);
  const Heading = headingTag(headingLevel);
  if (!unmatched.data || unmatched.data.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby={`unmatched-${courseId}`}>
      <Heading id={`unmatched-${courseId}`} className={styles.panelTitle}>
        Unmatched rows
      </Heading>
      <Text className={styles.meta}>People in a report whose e-mail no buyer has. Match each to the attendee it was; nothing is dropped.</Text>
      {open && attendees.isSuccess && attendees.data.length === 0 ? (
        <Text className={styles.meta}>No one has access to this course yet: only its attendees can be matched.</Text>
      ) : null}
      {open && attendees.isError ? <Text className={styles.problem}>The course’s attendees could not be loaded.</Text> : null}
      <ul className={styles.list}>
        {unmatched.data.map((row) => (
          <MatchRow key={row.id} courseId={courseId} row={row} attendees={attendees.data ?? []} />
        ))}
      </ul>
    </section>
  );
}
