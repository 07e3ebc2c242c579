/** The profile's "Account Summary" card: counts and the total spent, from GET /api/profile's answer. */
import type { ProfileResponse } from '@contracts/auth';

export interface AccountSummary {
  totalOrders: number;
  completedOrders: number;
  /** Dollars, summed over completed orders only. */
  totalSpent: number;
  activeEnrollments: number;
}

export function summarizeAccount(profile: Pick<ProfileResponse, 'orders' | 'enrollments'>): AccountSummary {
  const completed = profile.orders.filter((order) => order.status === 'completed');
  const cents = completed.reduce((sum, order) => sum + Math.round(Number(order.total) * 100), 0);
  return {
    totalOrders: profile.orders.length,
    completedOrders: completed.length,
    totalSpent: cents / 100,
    activeEnrollments: profile.enrollments.length,
  };
}
