/**
 * "Manage booking" on a My Training card (issue 35, point 3): what the cancellation policy allows
 * now for the person's own seat (`GET /api/me/bookings`) — "Cancel booking" with what it refunds,
 * "Transfer to a colleague", "Move to another date" (when the course has other dates) — or, when
 * none is possible any more, the policy's reason. The dialogs belong to the page
 * (`BookingDialogs`), so a card that goes away after a change (its access ended, or moved to
 * another date) never takes an open dialog with it. Offline the buttons are disabled and the
 * house's notice says a connection is needed.
 */
import { Button, Text, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import type { RefObject } from 'react';
import { BOOKING_MESSAGES } from '@contracts/bookings';
import { NeedsConnectionNotice } from '@pwa/offline/needs-connection-notice';
import { BOOKING_TEXTS, canMoveNow, cancelSummary, moveOnlyText, type MyBooking } from '../lib/booking-texts';

/** Which change the person asked for, on which booking, and the button they pressed (focus goes back to it). */
export interface BookingAction {
  kind: 'cancel' | 'transfer' | 'move';
  booking: MyBooking;
  trigger: HTMLElement | null;
}

/** What the cancel, transfer and move dialogs are given (`booking-dialogs.tsx` holds them at page level). */
export interface BookingDialogProps {
  open: boolean;
  action: BookingAction;
  viewer: string;
  /** Where focus goes when the trigger's card is gone (the change ended the access). */
  fallbackFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
}

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300, fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export function ManageBooking({ booking, online, onAction }: { booking: MyBooking; online: boolean; onAction: (action: BookingAction) => void }) {
  const styles = useStyles();
  const restoreTarget = useRestoreFocusTarget();
  const headingId = `booking-${booking.courseId}`;
  const movable = canMoveNow(booking);
  const actionable = booking.canCancel || booking.canTransfer || movable;
  const ask = (kind: BookingAction['kind']) => (event: { currentTarget: HTMLElement }) => onAction({ kind, booking, trigger: event.currentTarget });

  let note: string;
  if (booking.canCancel) note = cancelSummary(booking);
  else if (booking.canTransfer) note = BOOKING_MESSAGES.noRefundLeft;
  else if (movable) note = moveOnlyText(booking);
  else note = booking.reason ?? BOOKING_MESSAGES.noCancellation;

  return (
    <section className={styles.box} aria-labelledby={`${headingId} library-${booking.courseId}`} data-testid="manage-booking">
      <h3 className={styles.heading} id={headingId}>
        {BOOKING_TEXTS.heading}
      </h3>
      <Text className={styles.meta}>{note}</Text>
      {actionable && !online ? (
        <NeedsConnectionNotice
          action={booking.canCancel || booking.canTransfer ? BOOKING_TEXTS.offline : BOOKING_TEXTS.offlineMove}
          detail={BOOKING_TEXTS.offlineDetail}
        />
      ) : null}
      {actionable ? (
        <div className={styles.actions}>
          {booking.canCancel ? (
            <Button {...restoreTarget} disabled={!online} onClick={ask('cancel')}>
              {BOOKING_TEXTS.cancel}
            </Button>
          ) : null}
          {booking.canTransfer ? (
            <Button {...restoreTarget} disabled={!online} onClick={ask('transfer')}>
              {BOOKING_TEXTS.transfer}
            </Button>
          ) : null}
          {movable ? (
            <Button {...restoreTarget} disabled={!online} onClick={ask('move')}>
              {BOOKING_TEXTS.move}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
