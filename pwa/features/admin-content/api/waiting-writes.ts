/**
 * A course's content writes waiting in the outbox (refused ones are the sync status's to show;
 * the course's own edits are its form's), held as a query kept current by the outbox's changes —
 * so a write's answer and the outbox without it reach the screen together (`useContentWrite`),
 * never a created lesson twice.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect } from 'react';
import { adminDb, type OutboxEntry } from '@pwa/offline/back-office/admin-db';
import { ADMIN_READ } from '@pwa/offline/back-office/admin-snapshots';
import { isContentWrite } from '../lib/pending-writes';
import { contentEntity, contentKeys } from './content-keys';

export function readWaiting(courseId: string): Promise<OutboxEntry[]> {
  return adminDb()
    .outbox.where('entity')
    .equals(contentEntity(courseId))
    .filter((entry) => entry.status === 'queued' && isContentWrite(entry))
    .sortBy('seq');
}

export const waitingQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: contentKeys.waiting(courseId), queryFn: () => readWaiting(courseId), staleTime: Infinity });

const NONE: OutboxEntry[] = [];

export function useWaitingWrites(courseId: string): OutboxEntry[] {
  const queryClient = useQueryClient();
  const waiting = useQuery(waitingQueryOptions(courseId));
  useEffect(() => {
    const watching = liveQuery(() => readWaiting(courseId)).subscribe({
      next: (entries) => queryClient.setQueryData(contentKeys.waiting(courseId), entries),
    });
    return () => watching.unsubscribe();
  }, [courseId, queryClient]);
  return waiting.data ?? NONE;
}
