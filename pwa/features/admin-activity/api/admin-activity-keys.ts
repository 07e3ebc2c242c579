/** The query keys of the back office's activity log, the one place they are spelled. */
import type { ActivityQuery } from '@contracts/admin-activity';

export type ActivityFilter = Pick<ActivityQuery, 'entity' | 'actor'>;

export const adminActivityKeys = {
  all: ['admin-activity'] as const,
  lists: () => [...adminActivityKeys.all, 'list'] as const,
  list: (filter: ActivityFilter) => [...adminActivityKeys.lists(), filter] as const,
};
