/**
 * The receipt mail of a completed order, with its invoice attached (and calendar invites for live
 * sessions): its lines, the membership discount when there was one, the total paid, and where to
 * find what was bought (My Training for courses).
 */
import { Order, type OrderItem } from '@db/models';
import { composeMail } from '@api/integrations/mail';
import { centsToDecimal } from '@api/lib/money';
import { orderDiscountRows } from '../order-discounts';
import type { CheckoutServiceOptions } from './options';

/** Where the buyer finds what they bought: a guest's order joins the account for its e-mail when its owner signs in. */
function nextStep(o: CheckoutServiceOptions, order: Order): string {
  if (order.kind === 'membership')
    return order.userId ? 'Your membership is active now.' : `Sign in with this e-mail address to add the membership to your account: ${o.publicUrl}/login`;
  return order.userId
    ? `Go to My Training: ${o.publicUrl}/learn`
    : `Sign in with this e-mail address to find your courses in My Training. Go to My Training: ${o.publicUrl}/learn`;
}

/** "Subtotal", one row per membership discount and the coupon's, and "Total paid"; only the total when nothing was taken off. */
function totals(order: Order, items: OrderItem[]): string {
  const discounts = orderDiscountRows({ ...order, items });
  const total = `Total paid: $${centsToDecimal(order.totalCents)}`;
  if (!discounts.length) return total;
  const subtotal = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  return [`Subtotal: $${centsToDecimal(subtotal)}`, ...discounts.map((d) => `${d.label}: -$${centsToDecimal(d.cents)}`), total].join('\n');
}

/** The receipt, at most once per order; released again if the mail could not be sent, so the recovery sweep retries it. */
export async function sendReceiptOnce(o: CheckoutServiceOptions, orderId: string): Promise<void> {
  const { knex, clock, mailer, logger } = o;
  const claimed = await Order.query(knex).where('id', orderId).whereNull('receipt_sent_at').patch({ receiptSentAt: clock().toISOString() });
  if (claimed !== 1) return;
  const order = await Order.query(knex).findById(orderId).withGraphFetched('items');
  if (!order?.customerEmail) return;
  // The buyer's own join links (a missing one is no reason to hold the receipt back).
  const notes = o.receiptNotes ? await o.receiptNotes(orderId).catch(() => []) : [];
  const lines = (order.items ?? [])
    .map((item) =>
      item.quantity > 1
        ? `• ${item.title} — ${item.quantity} × $${centsToDecimal(item.priceCents)} = $${centsToDecimal(item.priceCents * item.quantity)}`
        : `• ${item.title} — $${centsToDecimal(item.priceCents)}`,
    )
    .join('\n');
  const message = composeMail(order.customerEmail, `Your receipt for order ${orderId.slice(0, 8)}`, [
    `Thank you for your purchase${order.customerName ? `, ${order.customerName}` : ''}. Your payment was received.`,
    `${lines}\n\n${totals(order, order.items ?? [])}\nPayment reference: ${order.stripePaymentIntentId}${order.invoiceNumber ? `\nInvoice: ${order.invoiceNumber} (attached as a PDF)` : ''}`,
    ...notes,
    nextStep(o, order),
    ...(order.refundDueCents > 0
      ? [`You were already enrolled in part of this order, so $${centsToDecimal(order.refundDueCents)} will be refunded to you.`]
      : []),
  ]);
  try {
    // The invoice PDF and, for live sessions, their calendar invites (METHOD:REQUEST).
    const attachments = o.receiptAttachments ? await o.receiptAttachments(orderId) : [];
    await mailer.send(attachments.length ? { ...message, attachments } : message);
  } catch (error) {
    logger.error('Could not send a receipt; will try again', { orderId, error: String(error) });
    await Order.query(knex).where('id', orderId).patch({ receiptSentAt: null });
  }
}
