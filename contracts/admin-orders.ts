/**
 * The back office's orders and figures (back-office spec §2, §3, §7, §9): the order list of the
 * dashboard (`GET /api/orders`) and the orders page (`GET /api/admin/orders`), its CSV export, and
 * the statistics the database computes (`GET /api/admin/stats`), and refunds
 * (`POST /api/admin/orders/:id/refund`, body `refundSchema` of `learning.ts`) with their credit
 * notes. Admins only (a refund: admins alone, not contributors with order-management).
 */
import { z } from 'zod';
import type { AccessRuleName } from './access';
import { cursorSchema, pageLimitSchema } from './paging';

/** `refunded`: refunded in full; a partially refunded order stays `completed` (its `refunded` says how much). */
export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'expired', 'refund_required', 'refunded'] as const;
export type AdminOrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses whose money was taken and may be refunded. */
export const REFUNDABLE_STATUSES = ['completed', 'refund_required'] as const satisfies readonly AdminOrderStatus[];

/** Who may refund: the rule `POST /api/admin/orders/:id/refund` runs under (admins, not contributors with order-management). */
export const REFUND_RULE = 'admin' as const satisfies AccessRuleName;

/**
 * Paid as a refund needs it: a refundable status and a processor payment to refund. The refund
 * service refuses any other order (409, `refundNotPaid`); the orders page offers Refund only on
 * these, with money left on them (`refundable`).
 */
export function paidForRefund(order: { status: string; stripePaymentIntentId: string | null }): boolean {
  return (REFUNDABLE_STATUSES as readonly string[]).includes(order.status) && !!order.stripePaymentIntentId;
}

export const ORDER_PAGE_DEFAULT = 100;
export const ORDER_PAGE_MAX = 500;

/** Query of the order list and of the CSV export (which ignores `limit` and `cursor`: it sends every match). */
export const orderListQuerySchema = z
  .object({
    limit: pageLimitSchema(ORDER_PAGE_MAX).optional(),
    cursor: cursorSchema(400).optional(),
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  })
  .strict();
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export interface AdminOrderItem {
  title: string;
  tierName: string | null;
  /** Unit price, decimal string. */
  price: string;
  quantity: number;
}

export interface AdminOrder {
  id: string;
  customerEmail: string | null;
  customerName: string | null;
  items: AdminOrderItem[];
  total: string;
  status: AdminOrderStatus;
  createdAt: string;
  /** The processor's payment id, once paid. */
  stripePaymentIntentId: string | null;
  /** Paid when the processor's payment id exists (spec §2, Orders). */
  paymentState: 'paid' | 'pending';
  /** Refunded so far (decimal string; "0.00" when nothing was). */
  refunded: string;
  /** What may still be refunded (decimal string): what remains paid of a completed or refund_required order, else "0.00". */
  refundable: string;
  /** Flagged "refund due" (already enrolled in part of it): the amount and why; null once refunded. */
  refundDue: string | null;
  refundReason: string | null;
  /** The order's refunds, oldest first, each with its credit note. */
  refunds: AdminRefund[];
  /**
   * "Refund failed": what the processor reported failed after the refund was issued (decimal
   * string). Its credit note stands and the customer is still owed it: staff pay it back another
   * way. Absent when no refund failed so.
   */
  refundFailed?: string;
}

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatusName = (typeof REFUND_STATUSES)[number];

export interface AdminRefund {
  id: string;
  /** Decimal string. */
  amount: string;
  reason: string;
  status: RefundStatusName;
  /** `CN-2026-000001`, once the processor refunded it. */
  creditNoteNumber: string | null;
  processorRefundId: string | null;
  createdAt: string;
}

/** What `POST /api/admin/orders/:id/refund` answers (and answers again for the same Idempotency-Key). */
export interface RefundResult {
  refund: AdminRefund;
  order: { id: string; status: AdminOrderStatus; total: string; refunded: string; refundable: string };
}

/** `CN-2026-000001`: the year of the refund (UTC) and a gapless number within it, like invoice numbers. */
export const CREDIT_NOTE_NUMBER_PATTERN = /^CN-\d{4}-\d{6,}$/;
export const formatCreditNoteNumber = (year: number, sequence: number) => `CN-${year}-${String(sequence).padStart(6, '0')}`;

export const refundPath = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/refund`;
/** A refund's credit note PDF, for the buyer and for staff with order-management. */
export const creditNotePath = (refundId: string) => `/api/refunds/${encodeURIComponent(refundId)}/credit-note.pdf`;

/**
 * How an order's status reads for people (storefront spec: "others shown as they are"): a
 * completed order with a refund reads "partially refunded", one refunded in full "refunded".
 */
export function orderStatusLabel(order: { status: string; refunded?: string | null }): string {
  if (order.status === 'refunded') return 'refunded';
  if (order.status === 'completed' && order.refunded && Number(order.refunded) > 0) return 'partially refunded';
  return order.status;
}

/** The orders screen's Refund action: its dialog, toasts and messages (the spec's style: "Success" / "Error" toasts). */
export const REFUND_TEXTS = {
  action: 'Refund',
  title: 'Refund order',
  confirm: 'Refund',
  amountLabel: 'Amount (USD)',
  amountHint: (remaining: string) => `Up to $${remaining}, what remains paid on this order.`,
  reasonLabel: 'Reason',
  reasonHint: 'Shown on the credit note and in the e-mail to the buyer.',
  amountInvalid: 'Enter an amount between $0.01 and what remains paid.',
  reasonRequired: 'Please give a reason',
  full: "A full refund ends the buyer's access to this order's courses at once, gives its seats back and cancels its calendar invites. This cannot be undone.",
  partial: 'The buyer keeps access after a partial refund. This cannot be undone.',
  success: 'Refund issued successfully',
  /** On the orders table when the processor later failed a refund it had accepted. */
  failedBadge: (amount: string) => `refund failed: $${amount}`,
  failed: 'Failed to refund order',
  offline: 'A refund needs a connection to the payment processor. Please try again when you are online.',
  processorFailed: 'The payment processor could not refund this payment',
  creditNote: 'Credit note',
  notFound: 'Credit note not found',
} as const;

/** Per-type course counts of the dashboard's cards. */
export interface CourseTypeCounts {
  liveSeminars: number;
  liveWebinars: number;
  recordedSeminars: number;
  recordedWebinars: number;
  webinarPacks: number;
}

export interface AdminStats {
  totalCourses: number;
  totalInstructors: number;
  /** Sum of completed orders, decimal string. */
  totalRevenue: string;
  totalOrders: number;
  pendingOrders: number;
  courseTypes: CourseTypeCounts;
}

/** CSV export columns (spec §9), in order. */
export const ORDER_CSV_COLUMNS = ['Order ID', 'Customer Email', 'Customer Name', 'Items', 'Total', 'Status', 'Date', 'Payment ID'] as const;
