/**
 * GET /api/courses/:id/lessons as staff: the course's modules and lessons with bodies, PDFs, video
 * states and tier limits, kept on the device for offline use (`getKeptJson`), held as an outline;
 * with the content writes still waiting in the outbox laid over it ("Not synced yet").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Syllabus } from '@contracts/learning';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { outlineOf, type Outline } from '../lib/content-outline';
import { withPendingWrites } from '../lib/pending-writes';
import { contentKeys } from './content-keys';
import { useWaitingWrites } from './waiting-writes';

export async function getCourseOutline(courseId: string): Promise<Outline> {
  return outlineOf(await getKeptJson<Syllabus>(`/api/courses/${encodeURIComponent(courseId)}/lessons`));
}

export const courseOutlineQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: contentKeys.outline(courseId), queryFn: () => getCourseOutline(courseId) });

/** The course's content as the screen shows it: the server's (or last kept) with what waits on top. */
export function useCourseOutline(courseId: string) {
  const query = useQuery(courseOutlineQueryOptions(courseId));
  const waiting = useWaitingWrites(courseId);
  const outline = useMemo(() => (query.data ? withPendingWrites(query.data, waiting) : undefined), [query.data, waiting]);
  return { query, outline, waiting: waiting.length };
}
