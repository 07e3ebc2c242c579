/**
 * GET /api/courses/:id/lessons as staff: the course's modules and lessons with bodies, PDFs, video
 * states and tier limits, kept on the device for offline use (`getKeptJson`), held as an outline;
 * with the content writes still waiting in the outbox laid over it ("Not synced yet").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { Syllabus } from '@contracts/learning';
import { adminDb, type OutboxEntry } from '@pwa/offline/back-office/admin-db';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { outlineOf, type Outline } from '../lib/content-outline';
import { isContentWrite, withPendingWrites } from '../lib/pending-writes';
import { contentEntity } from './content-writes';
import { contentKeys } from './content-keys';

export async function getCourseOutline(courseId: string): Promise<Outline> {
  return outlineOf(await getKeptJson<Syllabus>(`/api/courses/${encodeURIComponent(courseId)}/lessons`));
}

export const courseOutlineQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: contentKeys.outline(courseId), queryFn: () => getCourseOutline(courseId) });

const NONE: OutboxEntry[] = [];

/** The content writes of this course waiting in the outbox (refused ones are the sync status's to show; course edits are the form's). */
function useWaitingWrites(courseId: string): OutboxEntry[] {
  return useLiveQuery(
    () =>
      adminDb()
        .outbox.where('entity')
        .equals(contentEntity(courseId))
        .filter((entry) => entry.status === 'queued' && isContentWrite(entry))
        .sortBy('seq'),
    [courseId],
    NONE,
  );
}

/** The course's content as the screen shows it: the server's (or last kept) with what waits on top. */
export function useCourseOutline(courseId: string) {
  const query = useQuery(courseOutlineQueryOptions(courseId));
  const waiting = useWaitingWrites(courseId);
  const outline = useMemo(() => (query.data ? withPendingWrites(query.data, waiting) : undefined), [query.data, waiting]);
  return { query, outline, waiting: waiting.length };
}
