/**
 * GET /api/admin/activity?entity=…&actor=…: every back-office write newest first (catalogue,
 * people, messages), filtered by what was changed and by who (their exact e-mail); more pages
 * through the `Link` header.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@contracts/admin-activity';
import { listPath } from '@pwa/lib/paged-list';
import { pagedQueryOptions } from '@pwa/offline/back-office/kept-pages';
import { adminActivityKeys, type ActivityFilter } from './admin-activity-keys';

export const activityLogQueryOptions = (filter: ActivityFilter) =>
  pagedQueryOptions<ActivityEntry, ReturnType<typeof adminActivityKeys.list>>(
    adminActivityKeys.list(filter),
    listPath('/api/admin/activity', { entity: filter.entity, actor: filter.actor }),
  );

export function useActivityLog(filter: ActivityFilter) {
  return useInfiniteQuery(activityLogQueryOptions(filter));
}
