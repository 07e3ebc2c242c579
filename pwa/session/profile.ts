/** GET /api/profile: the signed-in user's account, orders and enrollments (storefront spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@contracts/auth';
import { getJson } from '../lib/api-client';

/** Invalidate `profileKeys.all` after anything that changes orders, enrollments or membership; remove it on sign-out. */
export const profileKeys = {
  all: ['profile'] as const,
  mine: () => [...profileKeys.all, 'mine'] as const,
};

export function fetchProfile(): Promise<ProfileResponse> {
  return getJson<ProfileResponse>('/api/profile');
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileKeys.mine(), queryFn: fetchProfile });

/** Only once a user is known and not loading. */
export function useProfile(enabled: boolean) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
