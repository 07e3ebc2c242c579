/** The query keys of the back office's people (customers, contributors and their figures), the one place they are spelled. */
import type { Role } from '@contracts/access';

export interface UserListFilter {
  roles: readonly Role[];
  search?: string;
}

export const adminPeopleKeys = {
  all: ['admin-people'] as const,
  contributorStats: () => [...adminPeopleKeys.all, 'contributor-stats'] as const,
  lists: () => [...adminPeopleKeys.all, 'list'] as const,
  list: (filter: UserListFilter) => [...adminPeopleKeys.lists(), filter] as const,
};
