/**
 * The back office's orders and figures (back-office spec §2, §3, §7, §9): the order list of the
 * dashboard (`GET /api/orders`) and the orders page (`GET /api/admin/orders`), its CSV export, and
 * the statistics the database computes (`GET /api/admin/stats`). Admins only.
 */
import { z } from 'zod';
import { cursorSchema, pageLimitSchema } from './paging';

export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'expired', 'refund_required'] as const;
export type AdminOrderStatus = (typeof ORDER_STATUSES)[number];

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
}

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
