/**
 * My Training's booking dialogs (issue 35, point 3), held by the page rather than by a card: a
 * cancellation, a transfer or a move ends the person's access to the course (a move gives them
 * the other date's card instead), so the card leaves the page while its dialog is still open —
 * the dialog stays, closes normally, and focus goes to the page's heading. Each is mounted on
 * first use and kept (the house's modals: `useDialogSubject`).
 */
import type { RefObject } from 'react';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { CancelBookingDialog } from './cancel-booking-dialog';
import type { BookingAction } from './manage-booking';
import { MoveBookingDialog } from './move-booking-dialog';
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
  const move = useDialogSubject(action?.kind === 'move' ? action : null);
  const shared = { viewer, fallbackFocus, onClose };
  return (
    <>
      {cancel.mounted && cancel.shown ? <CancelBookingDialog open={action?.kind === 'cancel'} action={cancel.shown} {...shared} /> : null}
      {transfer.mounted && transfer.shown ? <TransferBookingDialog open={action?.kind === 'transfer'} action={transfer.shown} {...shared} /> : null}
      {move.mounted && move.shown ? <MoveBookingDialog open={action?.kind === 'move'} action={move.shown} {...shared} /> : null}
    </>
  );
}
