/**
 * My Training's booking dialogs (issue 35, point 3), held by the page rather than by a card: a
 * cancellation or a transfer ends the person's access, so the card leaves the page while its
 * dialog is still open — the dialog stays, closes normally, and focus goes to the page's heading.
 * Each is mounted on first use and kept (the house's modals: `useDialogSubject`).
 */
import type { RefObject } from 'react';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { CancelBookingDialog } from './cancel-booking-dialog';
import type { BookingAction } from './manage-booking';
import { TransferBookingDialog } from './transfer-booking-dialog';

export function BookingDialogs({
  action,
  viewer,
  fallbackFocus,
  onClose,
}: {
  action: BookingAction | null;
  viewer: string;
  fallbackFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const cancel = useDialogSubject(action?.kind === 'cancel' ? action : null);
  const transfer = useDialogSubject(action?.kind === 'transfer' ? action : null);
  const shared = { viewer, fallbackFocus, onClose };
  return (
    <>
      {cancel.mounted && cancel.shown ? <CancelBookingDialog open={action?.kind === 'cancel'} action={cancel.shown} {...shared} /> : null}
      {transfer.mounted && transfer.shown ? <TransferBookingDialog open={action?.kind === 'transfer'} action={transfer.shown} {...shared} /> : null}
    </>
  );
}
