import { describe, expect, it } from 'vitest';
import { summarizeAccount } from './account-summary';

const order = (status: string, total: string) => ({
  id: status + total,
  createdAt: '2026-01-01T00:00:00.000Z',
  status,
  total,
  items: [],
  stripePaymentIntentId: null,
  refundDue: null,
  invoiceNumber: null,
});

describe('summarizeAccount', () => {
  it('counts orders, completed orders, enrollments, and sums only completed totals', () => {
    const summary = summarizeAccount({
      orders: [order('completed', '0.10'), order('completed', '0.20'), order('pending', '999.00'), order('failed', '5.00')],
      enrollments: [{ id: 'e1', courseId: 'c1', courseTitle: null, enrolledAt: '2026-01-01T00:00:00.000Z', calendar: false }],
    });
    expect(summary).toEqual({ totalOrders: 4, completedOrders: 2, totalSpent: 0.3, activeEnrollments: 1 });
  });

  it('is all zeros for an empty history', () => {
    expect(summarizeAccount({ orders: [], enrollments: [] })).toEqual({ totalOrders: 0, completedOrders: 0, totalSpent: 0, activeEnrollments: 0 });
  });
});
