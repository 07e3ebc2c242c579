/**
 * A full live session's waitlist on the course page (issue 35), in place of Add to Cart: says it is
 * fully booked and offers "Join waitlist" (signed out: a sign-in that comes back here); on the
 * list, the person's position and "Leave waitlist". Joining and leaving say so in a toast.
 */
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Course } from '@contracts/catalogue';
import { WAITLIST_MESSAGES } from '@contracts/waitlist-messages';
import type { WaitlistPlace } from '@contracts/waitlists';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { useNotify } from '@pwa/lib/notify';
import { loginReturningTo } from '@pwa/lib/return-path';
import { failure } from '@pwa/lib/toasts';
import { useCourseSectionStyles } from '../course-detail-styles';
import { WAITLIST_TEXTS, joinHint, positionText } from './waitlist-texts';
import { useWaitlistWrite } from './waitlist-writes';

const useStyles = makeStyles({
  text: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  position: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold },
});

export interface WaitlistCardProps {
  course: Course;
  /** Every seat taken (else the person is on the list of a session that has seats again). */
  full: boolean;
  /** The signed-in person (null while their sign-in is checked, and when signed out). */
  userId: string | null;
  signedOut: boolean;
  place: UseQueryResult<WaitlistPlace>;
  /** The person already has a seat. */
  enrolled: boolean;
  online: boolean;
}

export function WaitlistCard({ course, full, userId, signedOut, place, enrolled, online }: WaitlistCardProps) {
  const styles = useStyles();
  const section = useCourseSectionStyles();
  const notify = useNotify();
  const join = useWaitlistWrite(course.id, userId ?? '', 'join');
  const leave = useWaitlistWrite(course.id, userId ?? '', 'leave');
  const busy = join.isPending || leave.isPending;
  const waiting = place.data?.status === 'waiting' ? place.data : null;

  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: (joined) =>
        notify({
          title: WAITLIST_MESSAGES.joined,
          description: joined.position ? `${positionText(joined.position)} for ${course.title}.` : course.title,
          variant: 'success',
        }),
      onError: (error) => notify(failure(error, WAITLIST_TEXTS.joinFailed)),
    });
  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => notify({ title: WAITLIST_MESSAGES.left, description: course.title, variant: 'success' }),
      onError: (error) => notify(failure(error, WAITLIST_TEXTS.leaveFailed)),
    });

  let action;
  if (signedOut) {
    action = (
      <ButtonLink to={loginReturningTo(`/courses/${course.id}`)} appearance="primary" size="large">
        {WAITLIST_TEXTS.signIn}
      </ButtonLink>
    );
  } else if (enrolled) {
    action = <Text className={styles.text}>{WAITLIST_TEXTS.owned}</Text>;
  } else if (waiting) {
    // Focusable while busy: the button keeps the keyboard's focus as it turns into the other one.
    action = (
      <Button appearance="secondary" size="large" disabled={!online} disabledFocusable={busy} onClick={onLeave}>
        {WAITLIST_TEXTS.leave}
      </Button>
    );
  } else {
    action = (
      <Button appearance="primary" size="large" disabled={!online} disabledFocusable={!userId || busy || place.isPending} onClick={onJoin}>
        {WAITLIST_TEXTS.join}
      </Button>
    );
  }

  return (
    <Card className={section.section} role="region" aria-labelledby="waitlist-title">
      <h2 className={section.sectionTitle} id="waitlist-title">
        {full ? WAITLIST_TEXTS.fullyBooked : WAITLIST_TEXTS.waitlistTitle}
      </h2>
      {waiting?.position ? <p className={styles.position}>{positionText(waiting.position)}</p> : null}
      {!waiting && !enrolled ? <p className={styles.text}>{joinHint(place.data?.offerMinutes)}</p> : null}
      {userId && place.isError ? <p className={styles.text}>{WAITLIST_TEXTS.placeFailed}</p> : null}
      {action}
    </Card>
  );
}
