/**
 * "Cancel booking" (issue 35, point 3): a confirmation that states what the policy gives now (the
 * refund's percentage and amount, until when), "Keep booking" first (where focus starts) and
 * "Cancel booking". The server's refusal (409: too late, already changed) is said in the dialog;
 * success is a toast saying where the money stands, and the course leaves My Training.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useNotify } from '@pwa/lib/notify';
import { useCancelBooking } from '../api/cancel-booking';
import { useReturnFocus } from '../hooks/use-return-focus';
import { BOOKING_TEXTS, cancelledText, refundStatement, refusalText } from '../lib/booking-texts';
import type { BookingDialogProps } from './manage-booking';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  refusal: { color: tokens.colorPaletteRedForeground1 },
});

function CancelBookingBody({ open, action, viewer, fallbackFocus, onClose }: BookingDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const { booking } = action;
  const cancel = useCancelBooking(viewer, booking.courseId);
  const [refusal, setRefusal] = useState<string>();
  useReturnFocus(open, action.trigger, fallbackFocus);
  const busy = cancel.isPending;

  const confirm = async () => {
    setRefusal(undefined);
    try {
      const change = await cancel.mutateAsync(booking.enrollmentId);
      notify({ title: BOOKING_TEXTS.cancelledTitle, description: cancelledText(change), variant: 'success' });
      onClose();
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  return (
    <DialogBody>
      <DialogTitle>Cancel your booking for {booking.title}?</DialogTitle>
      <DialogContent className={styles.content}>
        <Text as="p" data-testid="refund-statement">
          {refundStatement(booking)}
        </Text>
        <Text as="p">{BOOKING_TEXTS.cancelEffect}</Text>
        {refusal ? (
          <Text as="p" role="alert" className={styles.refusal}>
            {refusal}
          </Text>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {BOOKING_TEXTS.keep}
        </Button>
        <Button appearance="primary" onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? BOOKING_TEXTS.cancelling : BOOKING_TEXTS.cancel}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}

/** Mounted by `BookingDialogs` on first use; its content (and the refusal shown) is new at each opening. */
export function CancelBookingDialog(props: BookingDialogProps) {
  return (
    <Dialog open={props.open} modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : props.onClose())}>
      <DialogSurface>
        <CancelBookingBody {...props} />
      </DialogSurface>
    </Dialog>
  );
}
