/**
 * GET /api/admin/courses/:id/check-in-list: the attendee list the scanner decides from, kept on
 * the device (the back office's kept answers) so it works offline after one visit. The scans this
 * device made are laid over it: those still in the outbox, and (through the kept copy, updated at
 * each scan) those sent since the list was last read.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckInList, CheckInRequest } from '@contracts/check-in';
import { getJson } from '@pwa/lib/api-client';
import { adminDb } from '@pwa/offline/back-office/admin-db';
import { ADMIN_READ, lastKnown } from '@pwa/offline/back-office/admin-snapshots';
import { withScan } from '../lib/scan-decision';
import { ticketHash } from '../lib/ticket-hash';
import { checkInKeys } from './check-in-keys';
import { canonicalCode } from '../lib/scan-decision';

export const checkInListUrl = (courseId: string) => `/api/admin/courses/${encodeURIComponent(courseId)}/check-in-list`;
export const checkInsUrl = (courseId: string) => `/api/admin/courses/${encodeURIComponent(courseId)}/check-ins`;
const keptKey = (courseId: string) => `check-in-list:${courseId}`;

/** The scans of this course still waiting in the outbox. */
export async function queuedScans(courseId: string): Promise<CheckInRequest[]> {
  const entries = await adminDb()
    .outbox.where('status')
    .equals('queued')
    .toArray()
    .catch(() => []);
  return entries.filter((entry) => entry.method === 'POST' && entry.url === checkInsUrl(courseId)).map((entry) => entry.body as CheckInRequest);
}

export async function loadCheckInList(courseId: string): Promise<CheckInList> {
  let list = await lastKnown(keptKey(courseId), () => getJson<CheckInList>(checkInListUrl(courseId)));
  for (const scan of await queuedScans(courseId)) {
    const code = canonicalCode(scan.ticket);
    if (code) list = withScan(list, await ticketHash(code), scan.kind, scan.at);
  }
  return list;
}

/** The list as it is after a scan: kept on the device at once, so a reload offline still knows. */
export async function keepList(courseId: string, list: CheckInList): Promise<void> {
  await adminDb()
    .snapshots.put({ key: keptKey(courseId), data: list, savedAt: new Date().toISOString() })
    .catch(() => undefined);
}

export const checkInListQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: checkInKeys.list(courseId), queryFn: () => loadCheckInList(courseId) });

export function useCheckInList(courseId: string) {
  return useQuery(checkInListQueryOptions(courseId));
}
