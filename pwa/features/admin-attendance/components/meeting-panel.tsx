/**
 * The meeting of a live course (issue 30, point 1): Zoom (the server creates the meeting and
 * registers every attendee for a personal link) or one link (Teams, Meet, Webex), saved through
 * the outbox (PUT /api/courses/:id/meeting); its status and how many attendees are registered,
 * pending, cancelled or failed. For Zoom, "Import now" asks the server to fetch the attendance
 * report at once (202: a queued job), and how the last fetch went is shown.
 */
import { Button, Field, Input, Radio, RadioGroup, Spinner, Text } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MEETING_PROVIDERS, meetingRequestSchema, type AttendanceFetchStatus, type MeetingProviderName, type MeetingRequest } from '@contracts/meetings';
import { LoadError } from '@pwa/components/load-error';
import { formatDateTime } from '@pwa/lib/format';
import { repeatAfter } from '@pwa/lib/repeat';
import { attendanceKeys } from '../api/attendance-keys';
import { attendanceWrites, useAttendanceWrite } from '../api/attendance-writes';
import { useMeeting, type MeetingAnswer } from '../api/get-meeting';
import { headingTag, useAttendanceStyles } from './attendance-styles';

const PROVIDER_LABELS: Record<MeetingProviderName, string> = { zoom: 'Zoom', link: 'Meeting link (Teams, Meet, Webex)' };
const STATUS_WORDS: Record<MeetingAnswer['status'], string> = {
  creating: 'Being created',
  ready: 'Ready',
  failed: 'Failed',
  deleting: 'Being deleted',
  deleted: 'Deleted',
};
/** Fetch states that are not over yet: the meeting is read again until they are. */
const FETCHING: ReadonlySet<AttendanceFetchStatus> = new Set(['queued', 'running']);
const POLL_MS = 3_000;

function registrantsText(meeting: MeetingAnswer): string {
  const r = meeting.registrants;
  return `Registered ${r.registered} · pending ${r.pending} · cancelled ${r.cancelled} · failed ${r.failed}`;
}

export function MeetingPanel({ courseId, headingLevel }: { courseId: string; headingLevel: number }) {
  const styles = useAttendanceStyles();
  const queryClient = useQueryClient();
  const meeting = useMeeting(courseId);
  const write = useAttendanceWrite(courseId);
  const writes = attendanceWrites(courseId);
  const [provider, setProvider] = useState<MeetingProviderName>('link');
  const [joinUrl, setJoinUrl] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [loadedFor, setLoadedFor] = useState<MeetingAnswer | null | undefined>(undefined);
  const Heading = headingTag(headingLevel);
  const Sub = headingTag(headingLevel + 1);

  // The form starts from the saved meeting once it is read.
  if (meeting.data !== undefined && loadedFor === undefined) {
    setLoadedFor(meeting.data);
    if (meeting.data) {
      setProvider(meeting.data.provider);
      setJoinUrl(meeting.data.joinUrl ?? '');
    }
  }

  const fetching = !!meeting.data?.attendance && FETCHING.has(meeting.data.attendance.status);
  useEffect(() => {
    if (!fetching) return undefined;
    let first = true;
    return repeatAfter(POLL_MS, () => {
      if (first) return (first = false);
      return queryClient.invalidateQueries({ queryKey: attendanceKeys.course(courseId) });
    });
  }, [fetching, queryClient, courseId]);

  const save = async () => {
    const body: MeetingRequest = provider === 'zoom' ? { provider } : { provider, joinUrl: joinUrl.trim() };
    const checked = meetingRequestSchema.safeParse(body);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message);
    setProblem(undefined);
    setBusy(true);
    const outcome = await write(writes.meeting(checked.data), 'Meeting saved', 'Failed to save the meeting');
    setBusy(false);
    if (outcome.kind === 'refused') setProblem(outcome.message);
  };

  const importNow = async () => {
    setBusy(true);
    await write(writes.importNow(), 'Attendance import started', 'Failed to start the attendance import');
    setBusy(false);
  };

  const saved = meeting.data;
  const fetchState = saved?.attendance;
  return (
    <section className={styles.panel} aria-labelledby={`meeting-${courseId}`}>
      <Heading id={`meeting-${courseId}`} className={styles.panelTitle}>
        Meeting
      </Heading>
      {meeting.isPending ? <Spinner size="small" label="Loading the meeting..." /> : null}
      {meeting.isError ? <LoadError error={meeting.error} onRetry={() => meeting.refetch()} what="the meeting" /> : null}
      {meeting.isSuccess ? (
        <div role="status">
          {saved ? (
            <>
              <Text block>
                {saved.provider === 'zoom' ? 'Zoom' : 'Meeting link'} · {STATUS_WORDS[saved.status]}
              </Text>
              <Text block className={styles.meta}>
                {registrantsText(saved)}
              </Text>
              {saved.lastError ? (
                <Text block className={styles.problem}>
                  {saved.lastError}
                </Text>
              ) : null}
            </>
          ) : (
            <Text>No meeting yet. Choose Zoom or a meeting link and save.</Text>
          )}
        </div>
      ) : null}
      <Field label="Provider">
        <RadioGroup value={provider} onChange={(_event, data) => setProvider(data.value as MeetingProviderName)}>
          {MEETING_PROVIDERS.map((name) => (
            <Radio key={name} value={name} label={PROVIDER_LABELS[name]} />
          ))}
        </RadioGroup>
      </Field>
      {provider === 'link' ? (
        <Field label="Join link" required hint="The https:// address attendees open" validationState={problem ? 'error' : 'none'} validationMessage={problem}>
          <Input type="url" value={joinUrl} onChange={(_event, data) => setJoinUrl(data.value)} placeholder="https://" />
        </Field>
      ) : problem ? (
        <Text className={styles.problem}>{problem}</Text>
      ) : null}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={busy} onClick={() => void save()}>
          Save meeting
        </Button>
        {saved?.provider === 'zoom' ? (
          <Button disabled={busy || fetching} onClick={() => void importNow()}>
            Import now
          </Button>
        ) : null}
      </div>
      {saved?.provider === 'zoom' ? (
        <div>
          <Sub className={styles.panelTitle}>Attendance from Zoom</Sub>
          <Text block className={styles.meta} role="status">
            {fetching
              ? 'Importing the attendance report…'
              : fetchState?.lastFetchedAt
                ? `Last imported ${formatDateTime(fetchState.lastFetchedAt)}.`
                : 'Not imported yet: the report is fetched after the session ends, or now with "Import now".'}
          </Text>
          {fetchState?.lastError ? (
            <Text block className={styles.problem}>
              Last import failed: {fetchState.lastError}
            </Text>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
