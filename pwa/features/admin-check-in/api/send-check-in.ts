/**
 * POST /api/admin/courses/:id/check-ins through the outbox: each scan is its own entity (one
 * refused scan holds back no other), sent once with its Idempotency-Key, and the server keeps one
 * row per (ticket, kind, at) whatever happens to the answers.
 */
import type { CheckInRequest, CheckInView } from '@contracts/check-in';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { checkInsUrl } from './check-in-list';

export const sendCheckIn = (courseId: string, scan: CheckInRequest) =>
  sendWrite<CheckInView>({
    method: 'POST',
    url: checkInsUrl(courseId),
    body: scan,
    entity: `check-in:${crypto.randomUUID()}`,
    label: scan.kind === 'in' ? 'Check in' : 'Check out',
  });
