/**
 * The purchase side of the course page with a live session's waitlist (issue 35): a seat held for
 * the signed-in person comes first ("Book your seat"), a fully booked session shows its waitlist
 * instead of Add to Cart, and someone waiting sees their place even when a seat has come free.
 * The place is read only for a signed-in person on a live course with a capacity. What changes
 * while the page is open (the position, an offer) is said once in a polite live region.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useRef } from 'react';
import type { Course } from '@contracts/catalogue';
import type { WaitlistPlace } from '@contracts/waitlists';
import { hasWaitlist, isFullyBooked } from '@pwa/catalogue/components/course-capacity';
import { NeedsConnectionNotice } from '@pwa/offline/needs-connection-notice';
import { useOnline } from '@pwa/offline/use-online';
import { useProfile } from '@pwa/session/profile';
import { useAuth } from '@pwa/session/use-auth';
import { PricingSection } from '../pricing-section';
import { useWaitlistPlace } from './get-waitlist-place';
import { SeatOfferNotice } from './seat-offer-notice';
import { WaitlistCard } from './waitlist-card';
import { WAITLIST_TEXTS, heldUntilText, positionText } from './waitlist-texts';
import { visuallyHidden } from '@pwa/components/visually-hidden';

const useStyles = makeStyles({
  srOnly: visuallyHidden,
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** The sentence the place stands for, '' for none, null while it is not known. */
function placeSentence(place: WaitlistPlace | undefined): string | null {
  if (!place) return null;
  if (place.status === 'waiting' && place.position) return positionText(place.position);
  if (place.status === 'offered' && place.offerExpiresAt) return heldUntilText(place.offerExpiresAt);
  if (place.status === 'checkout') return WAITLIST_TEXTS.finishCheckout;
  return '';
}

/** The sentence once it differs from the one the page opened with (which is on the screen already, not news). */
function useChangedSentence(sentence: string | null): string {
  const first = useRef<string | null>(null);
  if (first.current === null && sentence !== null) first.current = sentence;
  return sentence !== null && sentence !== first.current ? sentence : '';
}

export function CoursePurchase({ course }: { course: Course }) {
  const styles = useStyles();
  const online = useOnline();
  const { user, isLoading } = useAuth();
  const userId = isLoading ? null : (user?.id ?? null);
  const waitlisted = hasWaitlist(course);
  const full = isFullyBooked(course, Date.now());
  const place = useWaitlistPlace(course.id, userId, waitlisted);
  const profile = useProfile(full && user?.role === 'customer');
  const enrolled = !!profile.data?.enrollments.some((e) => e.courseId === course.id);
  const announcement = useChangedSentence(placeSentence(place.data));

  const status = place.data?.status ?? 'none';
  const holding = place.data && (status === 'offered' || status === 'checkout') ? place.data : null;
  const showCard = waitlisted && ((full && !holding) || status === 'waiting');

  return (
    <div className={styles.stack}>
      <p className={styles.srOnly} role="status" aria-live="polite">
        {announcement}
      </p>
      {!online && userId && (holding || showCard) ? (
        <NeedsConnectionNotice action={holding ? WAITLIST_TEXTS.offline.book : WAITLIST_TEXTS.offline.join} detail={WAITLIST_TEXTS.offline.detail} />
      ) : null}
      {holding ? <SeatOfferNotice course={course} place={holding} online={online} /> : null}
      {showCard ? (
        <WaitlistCard course={course} full={full} userId={userId} signedOut={!isLoading && !user} place={place} enrolled={enrolled} online={online} />
      ) : null}
      {full ? null : <PricingSection course={course} />}
    </div>
  );
}
