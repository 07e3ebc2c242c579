/**
 * /learn, My Training: every course the signed-in person may use (bought, with a membership,
 * granted), newest first, each with its progress and Continue; an empty library points to the
 * catalogue. A course that is one of the person's own booked seats (`GET /api/me/bookings`, read
 * online beside the library) has "Manage booking" on its card: cancel, transfer or move to
 * another date by the policy (issue 35). Below, what the app composes there (the person's certificates).
 */
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LibraryItem } from '@contracts/learning';
import { EmptyState } from '@pwa/components/empty-state';
import { ButtonLink, TextLink } from '@pwa/components/layout/router-links';
import { useOnline } from '@pwa/offline/use-online';
import { useLibrary } from '../api/get-library';
import { useMyBookings } from '../api/get-my-bookings';
import { showsBooking, type MyBooking } from '../lib/booking-texts';
import { BookingDialogs } from './booking-dialogs';
import { useDeviceSync } from '../hooks/use-device-sync';
import { DOWNLOADS_PATH } from './download-button';
import { LibraryCard } from './library-card';
import { LearningLoadError } from './learning-load-error';
import { ManageBooking, type BookingAction } from './manage-booking';
import { useLearningStyles } from './learning-styles';

const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fill, minmax(min(18rem, 100%), 1fr))' },
});

/** `below`: what the page shows under the courses, given them (the app puts the certificates there). */
export function MyTrainingScreen({ viewer, below }: { viewer: string; below?: (library: LibraryItem[]) => ReactNode }) {
  const page = useLearningStyles();
  const styles = useStyles();
  const library = useLibrary(viewer);
  const online = useOnline();
  const bookings = useMyBookings(viewer, online);
  const [action, setAction] = useState<BookingAction | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const bookingOf = useMemo(
    () => new Map<string, MyBooking>((bookings.data?.bookings ?? []).filter(showsBooking).map((booking) => [booking.courseId, booking])),
    [bookings.data],
  );
  useDeviceSync();

  useEffect(() => {
    const previous = document.title;
    document.title = 'My Training | LifeScience Academy';
    return () => {
      document.title = previous;
    };
  }, []);

  let content;
  if (library.isPending) {
    content = (
      <div className={page.center}>
        <Spinner label="Loading your training…" />
      </div>
    );
  } else if (library.isError) {
    content = <LearningLoadError error={library.error} what="training" onRetry={() => void library.refetch()} />;
  } else if (library.data.length === 0) {
    content = (
      <EmptyState
        title="No courses yet"
        description="Courses you buy, or that come with your membership, appear here."
        action={
          <ButtonLink to="/courses" appearance="primary">
            Browse Courses
          </ButtonLink>
        }
      />
    );
  } else {
    content = (
      <div className={styles.grid} role="list" aria-label="My courses">
        {library.data.map((item) => {
          const booking = bookingOf.get(item.courseId);
          return (
            <LibraryCard key={item.courseId} item={item} viewer={viewer}>
              {booking ? <ManageBooking booking={booking} online={online} onAction={setAction} /> : null}
            </LibraryCard>
          );
        })}
      </div>
    );
  }

  return (
    <div className={page.page}>
      <h1 className={page.title} ref={heading} tabIndex={-1}>
        My Training
      </h1>
      <TextLink to={DOWNLOADS_PATH}>Downloads on this device</TextLink>
      {content}
      {library.data && library.data.length > 0 ? below?.(library.data) : null}
      <BookingDialogs action={action} viewer={viewer} fallbackFocus={heading} onClose={() => setAction(null)} />
    </div>
  );
}
