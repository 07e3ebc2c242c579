/** GET /api/admin/contributor-stats: the contributors page's four figures, counted by the server. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContributorStats } from '@contracts/admin-people';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { adminPeopleKeys } from './admin-people-keys';

export const getContributorStats = () => getKeptJson<ContributorStats>('/api/admin/contributor-stats');

// Fresh each time the page shows them: sign-ins change "Active This Month".
export const contributorStatsQueryOptions = () =>
  queryOptions({ ...ADMIN_READ, queryKey: adminPeopleKeys.contributorStats(), queryFn: getContributorStats, staleTime: 0 });

export function useContributorStats() {
  return useQuery(contributorStatsQueryOptions());
}
