/**
 * "Transfer to a colleague" (issue 35, point 3): the colleague's e-mail (checked by the contract's
 * schema, the one the server parses), "Transfer seat". The server's refusal — the person's own
 * address, an address that already has a seat, too late — is the field's message; success is a
 * toast naming the new holder, and the course leaves My Training.
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { transferBookingSchema } from '@contracts/bookings';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { useNotify } from '@pwa/lib/notify';
import { useTransferBooking } from '../api/transfer-booking';
import { useReturnFocus } from '../hooks/use-return-focus';
import { BOOKING_TEXTS, refusalText, transferSummary, transferredText } from '../lib/booking-texts';
import type { BookingDialogProps } from './manage-booking';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

function TransferForm({ open, action, viewer, fallbackFocus, onClose }: BookingDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const { booking } = action;
  const transfer = useTransferBooking(viewer, booking.courseId);
  const form = useZodForm(transferBookingSchema, { email: '' });
  const [refusal, setRefusal] = useState<string>();
  useReturnFocus(open, action.trigger, fallbackFocus);
  const busy = form.busy || transfer.isPending;

  // The server's refusal is the field's message until the address is changed.
  const bound = {
    fieldProps: (name: 'email') => (refusal ? { validationState: 'error' as const, validationMessage: refusal } : form.fieldProps(name)),
    inputProps: (name: 'email') => {
      const props = form.inputProps(name);
      return {
        ...props,
        onChange: (event: unknown, data: { value: string }) => {
          setRefusal(undefined);
          props.onChange(event, data);
        },
      };
    },
  };

  const submit = form.handleSubmit(async ({ email }) => {
    setRefusal(undefined);
    try {
      const change = await transfer.mutateAsync({ enrollmentId: booking.enrollmentId, email });
      notify({ title: BOOKING_TEXTS.transferredTitle, description: transferredText(change.newHolder ?? email), variant: 'success' });
      onClose();
    } catch (error) {
      setRefusal(refusalText(error));
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={BOOKING_TEXTS.transfer}>
      <Text>{transferSummary(booking)}</Text>
      <FormField form={bound} name="email" label={BOOKING_TEXTS.emailLabel} required type="email" autoComplete="off" hint={BOOKING_TEXTS.emailHint} />
      <div className={styles.actions}>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button type="submit" appearance="primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? BOOKING_TEXTS.transferring : BOOKING_TEXTS.transferSubmit}
        </Button>
      </div>
    </form>
  );
}

/** Mounted by `BookingDialogs` on first use; its form is new at each opening. */
export function TransferBookingDialog(props: BookingDialogProps) {
  return (
    <FormDialog open={props.open} title={`Transfer your seat: ${props.action.booking.title}`} onClose={props.onClose}>
      <TransferForm {...props} />
    </FormDialog>
  );
}
