/** How an order reads in the back office (back-office spec §2, §9): status badges, payment state, short ids. */
import { Badge } from '@fluentui/react-components';
import { orderStatusLabel, type AdminOrder } from '@contracts/admin-orders';

/**
 * Completed in green, pending in amber, anything else destructive (spec §4); a completed order
 * with a refund reads "partially refunded" (issue 29), in the informative colour.
 */
export function OrderStatusBadge({ status, refunded }: { status: AdminOrder['status']; refunded?: string }) {
  const label = orderStatusLabel({ status, refunded });
  const color = label === 'completed' ? 'success' : label === 'pending' ? 'warning' : label === 'partially refunded' ? 'informative' : 'danger';
  return (
    <Badge appearance="tint" color={color}>
      {label}
    </Badge>
  );
}

/** Paid when the processor's payment id exists, otherwise Pending. */
export const paymentLabel = (order: AdminOrder) => (order.stripePaymentIntentId ? 'Paid' : 'Pending');

/** The dashboard shows an order id's first 8 characters, the orders page its last 8 (the spec's two readings). */
export const firstEight = (id: string) => id.slice(0, 8);
export const lastEight = (id: string) => id.slice(-8);
