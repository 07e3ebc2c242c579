/** The receipt mail of a completed order. */
import { composeMail } from '../../integrations/mail';
import { centsToDecimal } from '../../lib/money';
import type { CheckoutServiceOptions } from './options';

/** The receipt, at most once per order; released again if the mail could not be sent, so the recovery sweep retries it. */
export async function sendReceiptOnce(o: CheckoutServiceOptions, orderId: string): Promise<void> {
  const { knex, clock, mailer, logger } = o;
  const claimed = await knex('orders').where({ id: orderId }).whereNull('receipt_sent_at').update({ receipt_sent_at: clock().toISOString() });
  if (claimed !== 1) return;
  const order = await knex('orders').where({ id: orderId }).first();
  if (!order?.customer_email) return;
  const items: Array<{ title: string; price_cents: number; quantity: number }> = await knex('order_items').where({ order_id: orderId }).orderBy('position').select('title', 'price_cents', 'quantity');
  const lines = items
    .map((item) => (item.quantity > 1 ? `• ${item.title} — ${item.quantity} × $${centsToDecimal(item.price_cents)} = $${centsToDecimal(item.price_cents * item.quantity)}` : `• ${item.title} — $${centsToDecimal(item.price_cents)}`))
    .join('\n');
  const message = composeMail(order.customer_email, `Your receipt for order ${orderId.slice(0, 8)}`, [
    `Thank you for your purchase${order.customer_name ? `, ${order.customer_name}` : ''}. Your payment was received.`,
    `${lines}\n\nTotal paid: $${centsToDecimal(order.total_cents)}\nPayment reference: ${order.stripe_payment_intent_id}`,
    order.kind === 'membership' ? 'Your membership is active now.' : `Your courses are in your profile: ${o.publicUrl}/profile`,
    ...(order.refund_due_cents > 0 ? [`You were already enrolled in part of this order, so $${centsToDecimal(order.refund_due_cents)} will be refunded to you.`] : []),
  ]);
  try {
    await mailer.send(message);
  } catch (error) {
    logger.error('Could not send a receipt; will try again', { orderId, error: String(error) });
    await knex('orders').where({ id: orderId }).update({ receipt_sent_at: null });
  }
}
