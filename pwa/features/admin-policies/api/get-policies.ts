/** GET /api/admin/cancellation-policies (admins): one policy per course type, each saying whether it is still the default. Offline, the last answer seen on this device. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CancellationPolicy } from '@contracts/bookings';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { POLICIES_PATH, policyKeys } from './policy-keys';

/** A course type's policy as the list gives it: `isDefault` while no admin has changed it. */
export type PolicyView = CancellationPolicy & { isDefault: boolean };

export const getPolicies = async (): Promise<PolicyView[]> => (await getKeptJson<{ policies: PolicyView[] }>(POLICIES_PATH)).policies;

export const policiesQueryOptions = () => queryOptions({ ...ADMIN_READ, queryKey: policyKeys.list(), queryFn: getPolicies });

export function usePolicies() {
  return useQuery(policiesQueryOptions());
}
