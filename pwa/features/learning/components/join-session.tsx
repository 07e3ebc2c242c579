/**
 * "Join session" for a live course (issue 30, point 2), on its My Training card and its course
 * page: the attendee's own `/join/<token>` link, a plain link the server answers with a redirect to
 * the meeting (the service worker leaves `/join/` to the network). Enabled from 30 minutes before
 * the start until the end; before that it says when it opens, and it reads the link again at that
 * moment. Its notes are the contract's words (`JOIN_MESSAGES`), as the server forms them in
 * `JoinView.message` (the opening time in the course's zone). Nothing is shown for a course without
 * an online meeting, or when the link cannot be read.
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { JOIN_MESSAGES } from '@contracts/join-links';
import { useJoin } from '../api/get-join';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  note: { color: tokens.colorNeutralForeground2 },
});

/** Timers further away than this are not set (a day is plenty: the page is read again on focus). */
const MAX_WAIT_MS = 24 * 60 * 60_000;

export function JoinSession({ courseId, viewer, title }: { courseId: string; viewer: string; title: string }) {
  const styles = useStyles();
  const join = useJoin(courseId, viewer);
  const data = join.data;
  const { refetch } = join;

  // When the link opens or the session ends, read the status again.
  useEffect(() => {
    if (!data) return;
    const next = data.status === 'not_yet' ? data.opensAt : data.status === 'open' || data.status === 'preparing' ? data.endsAt : null;
    if (!next) return;
    const wait = Date.parse(next) - Date.now() + 1_000;
    if (wait > MAX_WAIT_MS) return;
    const timer = setTimeout(() => void refetch(), Math.max(wait, 1_000));
    return () => clearTimeout(timer);
  }, [data, refetch]);

  if (!data || data.status === 'no_meeting' || !data.joinUrl) return null;
  if (data.status === 'ended') return <Text className={styles.note}>{JOIN_MESSAGES.ended}</Text>;
  const label = `Join session: ${title}`;
  if (data.status === 'open')
    return (
      <div className={styles.root}>
        <Button as="a" href={data.joinUrl} appearance="primary" aria-label={label}>
          Join session
        </Button>
      </div>
    );
  return (
    <div className={styles.root}>
      <Button disabled aria-label={label} aria-describedby={`join-note-${courseId}`}>
        Join session
      </Button>
      <Text className={styles.note} id={`join-note-${courseId}`}>
        {data.message}
      </Text>
    </div>
  );
}
