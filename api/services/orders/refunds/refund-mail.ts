/** The buyer's mail about a refund, with its credit note attached. */
import { Order, type Refund } from '@db/models';
import type { Knex } from 'knex';
import { composeMail, type MailMessage } from '@api/integrations/mail';
import { centsToDecimal } from '@api/lib/money';

export async function refundMail(
  knex: Knex,
  refund: Refund,
  creditNote: { filename: string; content: Buffer },
  publicUrl: string,
): Promise<MailMessage | null> {
  const order = await Order.query(knex).findById(refund.orderId).select('id', 'customer_email', 'customer_name', 'status', 'kind', 'total_cents');
  if (!order?.customerEmail) return null;
  const full = order.status === 'refunded';
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
