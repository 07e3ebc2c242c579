/**
 * "Move to another date" (issue 35, point 3): the course's other dates (`otherSessions` of
 * `GET /api/me/bookings`) as radio buttons — when and where, and the seats left ("Fully booked"
 * ones cannot be chosen) — the line that no money changes hands, and "Move seat". A date must be
 * chosen (the contract's `moveBookingSchema`, the one the server parses). The server's refusal
 * (too late, the date started or filled up, a seat already there) is the field's message, and the
 * dates are those read again after it; success is a toast naming the new date, and My Training
 * shows the course on that date.
 */
import { Button, Field, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { moveBookingSchema } from '@contracts/bookings';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { useNotify } from '@pwa/lib/notify';
import { myBookingsQueryOptions } from '../api/get-my-bookings';
import { useMoveBooking } from '../api/move-booking';
import { useReturnFocus } from '../hooks/use-return-focus';
import { BOOKING_TEXTS, movedText, moveSummary, refusalText, sessionLabel, type MyBooking, type OtherSession } from '../lib/booking-texts';
import type { BookingDialogProps } from './manage-booking';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** The booking's other dates as last read (a refusal reads them again: a date that filled up says so), while the seat is still on the dialog's date. */
function useOtherSessions(viewer: string, booking: MyBooking): OtherSession[] {
  // Only reads what the page has read: it never asks the server itself.
  const { data } = useQuery({ ...myBookingsQueryOptions(viewer), enabled: false });
  const fresh = data?.bookings.find((b) => b.enrollmentId === booking.enrollmentId && b.courseId === booking.courseId);
  return fresh?.otherSessions ?? booking.otherSessions;
}

function MoveForm({ open, action, viewer, fallbackFocus, onClose }: BookingDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const { booking } = action;
  const sessions = useOtherSessions(viewer, booking);
  const move = useMoveBooking(viewer, booking.courseId);
  const form = useZodForm(moveBookingSchema, { courseId: '' });
  const [refusal, setRefusal] = useState<string>();
  useReturnFocus(open, action.trigger, fallbackFocus);
  const busy = form.busy || move.isPending;
  const firstOpen = sessions.findIndex((session) => session.seatsLeft !== 0);
  const { ref: focusRef } = form.inputProps('courseId');
  // The server's refusal is the field's message until another date is chosen.
  const field = refusal ? { validationState: 'error' as const, validationMessage: refusal } : form.fieldProps('courseId');

  const submit = form.handleSubmit(async ({ courseId }) => {
    setRefusal(undefined);
    try {
      const change = await move.mutateAsync({ enrollmentId: booking.enrollmentId, to: courseId });
      const target = sessions.find((session) => session.courseId === (change.newCourseId ?? courseId));
      notify({ title: BOOKING_TEXTS.movedTitle, description: target ? movedText(target.startDate) : undefined, variant: 'success' });
      onClose();
    } catch (error) {
      setRefusal(refusalText(error));
    }
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={BOOKING_TEXTS.move}>
      <Text>{moveSummary(booking)}</Text>
      <Field label={BOOKING_TEXTS.datesLabel} required {...field}>
        <RadioGroup
          name="courseId"
          value={form.values.courseId}
          onChange={(_event, data) => {
            setRefusal(undefined);
            form.setValue('courseId', data.value);
          }}
        >
          {sessions.map((session, i) => (
            <Radio
              key={session.courseId}
              value={session.courseId}
              label={sessionLabel(session)}
              disabled={session.seatsLeft === 0}
              ref={i === firstOpen ? focusRef : undefined}
            />
          ))}
        </RadioGroup>
      </Field>
      <Text>{BOOKING_TEXTS.moveNoCharge}</Text>
      <div className={styles.actions}>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button type="submit" appearance="primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? BOOKING_TEXTS.moving : BOOKING_TEXTS.moveSubmit}
        </Button>
      </div>
    </form>
  );
}

/** Mounted by `BookingDialogs` on first use; its form is new at each opening. */
export function MoveBookingDialog(props: BookingDialogProps) {
  return (
    <FormDialog open={props.open} title={`Move your seat: ${props.action.booking.title}`} onClose={props.onClose}>
      <MoveForm {...props} />
    </FormDialog>
  );
}
