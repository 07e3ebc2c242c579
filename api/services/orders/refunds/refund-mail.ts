/**
 * The buyer's mail about a refund, with its credit note attached. It is the queued job
 * `send-refund-mail` (`jobs/send-refund-mail.ts`), enqueued in the refund's own transaction under
 * the refund's id: it exists exactly when the refund succeeded (a crash after the commit still
 * mails it), a failed send is retried with a backoff by whichever runner claims it, and it is done
 * once sent — the same refund is never queued twice.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { Order, Refund } from '@db/models';
import { queuedJob } from '@api/jobs/definitions';
import { enqueue } from '@api/jobs/queue';
import { composeMail, type Mailer, type MailMessage } from '@api/integrations/mail';
import { centsToDecimal } from '@api/lib/money';

/** `full`: this refund made the order refunded in full (decided in its transaction, not when the mail leaves). */
export const SEND_REFUND_MAIL = queuedJob('send-refund-mail', z.object({ refundId: z.string().min(1).max(36), full: z.boolean() }));
export type RefundMailPayload = z.infer<typeof SEND_REFUND_MAIL.payload>;

/** Attempts of one refund mail: 30 s, 1, 2, … 64 min apart (about two hours in all) before it is `dead`. */
export const REFUND_MAIL_MAX_ATTEMPTS = 8;

/** Queues the refund's mail in the transaction that completed it. */
export async function queueRefundMail(trx: Knex.Transaction, payload: RefundMailPayload, now: Date): Promise<void> {
  await enqueue(trx, SEND_REFUND_MAIL, payload, payload.refundId, { now });
}

export async function refundMail(
  knex: Knex,
  refund: Refund,
  full: boolean,
  creditNote: { filename: string; content: Buffer },
  publicUrl: string,
): Promise<MailMessage | null> {
  const order = await Order.query(knex).findById(refund.orderId).select('id', 'customer_email', 'customer_name', 'kind', 'total_cents');
  if (!order?.customerEmail) return null;
  const what = order.kind === 'membership' ? 'The membership this order gave has ended.' : 'Your access to the courses of this order has ended.';
  const message = composeMail(order.customerEmail, `Your refund for order ${order.id.slice(0, 8)}`, [
    `${order.customerName ? `Hello ${order.customerName}, w` : 'W'}e have refunded $${centsToDecimal(refund.amountCents)} of your order ${order.id.slice(0, 8)} (total $${centsToDecimal(order.totalCents)}).`,
    `Reason: ${refund.reason}`,
    `Credit note: ${refund.creditNoteNumber} (attached as a PDF). The money reaches your original payment method within 5–10 business days.`,
    full ? `The order is refunded in full. ${what}` : 'This is a partial refund: you keep access to what you bought.',
    `Your orders: ${publicUrl}/profile`,
  ]);
  return { ...message, attachments: [{ filename: creditNote.filename, content: creditNote.content, contentType: 'application/pdf' }] };
}

export interface RefundMailSender {
  knex: Knex;
  mailer: Mailer;
  publicUrl: string;
  creditNote(refundId: string): Promise<{ filename: string; content: Buffer }>;
}

/**
 * The job's work: mails a succeeded refund's buyer. A refund that is no longer `succeeded` (it
 * failed at the processor since) or an order without an e-mail sends nothing. Throws when the
 * mail could not be sent: the runner tries again later.
 */
export async function sendRefundMail(o: RefundMailSender, { refundId, full }: RefundMailPayload): Promise<boolean> {
  const refund = await Refund.query(o.knex).findById(refundId);
  if (refund?.status !== 'succeeded') return false;
  const message = await refundMail(o.knex, refund, full, await o.creditNote(refundId), o.publicUrl);
  if (!message) return false;
  await o.mailer.send(message);
  return true;
}
