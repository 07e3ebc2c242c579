/**
 * The orders screen's Refund action (issue 29): a confirmation dialog with the amount (what
 * remains paid, by default) and a reason; full or partial is said before it is confirmed. Sent
 * only online (`refund-order.ts`), with one Idempotency-Key per opening of the dialog; the
 * back office's toasts: "Success" / "Refund issued successfully", or a destructive "Error" with
 * the server's message (or that a refund needs a connection).
 */
import { Field, MessageBar, MessageBarBody, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { z } from 'zod';
import { REFUND_TEXTS, type AdminOrder } from '@contracts/admin-orders';
import { refundSchema } from '@contracts/learning';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { RefundNeedsConnection, useRefundOrder } from '../api/refund-order';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Dollars with at most two decimals, as cents; NaN when it is not one. */
export function dollarsToCents(text: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
}

const amountSchema = (refundableCents: number) =>
  z.string().refine((text) => {
    const cents = dollarsToCents(text);
    return cents >= 1 && cents <= refundableCents;
  }, REFUND_TEXTS.amountInvalid);

function RefundForm({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const refund = useRefundOrder();
  // One key per opening: every try from this dialog is the same refund.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refundableCents = dollarsToCents(order.refundable);
  const form = useZodForm(z.object({ amount: amountSchema(refundableCents), reason: refundSchema.shape.reason }), { amount: order.refundable, reason: '' });
  // What remains, refunded: the order is refunded in full (its access ends).
  const full = dollarsToCents(form.values.amount) === refundableCents;

  const submit = form.handleSubmit(async ({ amount, reason }) => {
    try {
      await refund.mutateAsync({ orderId: order.id, request: { amountCents: dollarsToCents(amount), reason }, idempotencyKey });
      notify(success(REFUND_TEXTS.success));
      onClose();
    } catch (error) {
      notify(
        error instanceof RefundNeedsConnection ? { title: 'Error', description: error.message, variant: 'destructive' } : failure(error, REFUND_TEXTS.failed),
      );
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormField form={form} name="amount" label={REFUND_TEXTS.amountLabel} required inputMode="decimal" hint={REFUND_TEXTS.amountHint(order.refundable)} />
      <Field label={REFUND_TEXTS.reasonLabel} required hint={REFUND_TEXTS.reasonHint} {...form.fieldProps('reason')}>
        <Textarea {...form.inputProps('reason')} resize="vertical" />
      </Field>
      {order.refundDue ? (
        <MessageBar intent="info">
          <MessageBarBody>
            Refund due: ${order.refundDue} ({order.refundReason})
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <MessageBar intent="warning">
        <MessageBarBody>{full ? REFUND_TEXTS.full : REFUND_TEXTS.partial}</MessageBarBody>
      </MessageBar>
      <FormButtons submit={form.busy ? 'Refunding...' : REFUND_TEXTS.confirm} busy={form.busy} cancel={onClose} />
    </form>
  );
}

/** The dialog for the order in `subject` (null: closed; mounted on first use, a fresh form and key per opening). */
export function RefundDialog({ subject, onClose }: { subject: AdminOrder | null; onClose: () => void }) {
  const dialog = useDialogSubject(subject);
  const [opening, setOpening] = useState(0);
  const [last, setLast] = useState<AdminOrder | null>(null);
  if (subject !== last) {
    setLast(subject);
    if (subject) setOpening((n) => n + 1);
  }
  if (!dialog.mounted) return null;
  const shown = dialog.shown;
  return (
    <FormDialog open={subject !== null} title={`${REFUND_TEXTS.title} ${shown ? shown.id.slice(-8) : ''}`} onClose={onClose}>
      {shown ? <RefundForm key={`${shown.id}-${opening}`} order={shown} onClose={onClose} /> : null}
    </FormDialog>
  );
}
