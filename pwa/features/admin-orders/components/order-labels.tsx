/** How an order reads in the back office (back-office spec §2, §9): status badges, payment state, short ids. */
import { Badge } from '@fluentui/react-components';
import { REFUND_TEXTS, orderStatusLabel, type AdminOrder } from '@contracts/admin-orders';

/**
 * Completed in green, pending in amber, anything else destructive (spec §4); a completed order
 * with a refund reads "partially refunded" (issue 29), in the informative colour.
 */
export function OrderStatusBadge({ status, refunded, refundFailed }: { status: AdminOrder['status']; refunded?: string; refundFailed?: string }) {
  const label = orderStatusLabel({ status, refunded });
  const color = label === 'completed' ? 'success' : label === 'pending' ? 'warning' : label === 'partially refunded' ? 'informative' : 'danger';
  return (
    <>
      <Badge appearance="tint" color={color}>
        {label}
      </Badge>
      {/* The processor failed a refund after it was issued: the customer is still owed it (staff pay it back another way). */}
      {refundFailed ? (
        <Badge appearance="filled" color="danger" style={{ marginInlineStart: 4 }}>
          {REFUND_TEXTS.failedBadge(refundFailed)}
        </Badge>
      ) : null}
    </>
  );
}

/** Paid when the processor's payment id exists, otherwise Pending. */
export const paymentLabel = (order: AdminOrder) => (order.stripePaymentIntentId ? 'Paid' : 'Pending');

/** The dashboard shows an order id's first 8 characters, the orders page its last 8 (the spec's two readings). */
export const firstEight = (id: string) => id.slice(0, 8);
export const lastEight = (id: string) => id.slice(-8);
