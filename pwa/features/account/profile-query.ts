import { useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@contracts/auth';
import { getJson } from '../../lib/api-client';

export const PROFILE_KEY = ['/api/profile'] as const;

/** GET /api/profile, only once a user is known and not loading (storefront spec §7). */
export function useProfile(enabled: boolean) {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: () => getJson<ProfileResponse>('/api/profile'), enabled });
}

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
