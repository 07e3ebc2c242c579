/**
 * The meetings domain's queued jobs (declared by `domains/meetings.ts`, run by any job runner):
 * - `zoom-meeting-sync` brings one Zoom meeting in line with its row (create, PATCH the date,
 *   delete), keyed by meeting and revision, so each change runs once;
 * - `zoom-registrant-sync` registers one person (or cancels them) at Zoom, keyed by registrant
 *   and revision: one job per attendee and change, whatever the number of processes.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { QueuedJob } from '@db/models';
import { queuedJob } from '../../jobs/definitions';
import { enqueue } from '../../jobs/queue';

const id = z.string().min(1).max(36);

export const SYNC_ZOOM_MEETING = queuedJob(
  'zoom-meeting-sync',
  z.object({
    meetingId: id,
    revision: z.number().int().min(1),
    /** A Zoom meeting the course no longer uses (staff switched to a link): deleted at Zoom. */
    orphanZoomMeetingId: z.string().min(1).max(40).optional(),
  }),
);
export const SYNC_ZOOM_REGISTRANT = queuedJob('zoom-registrant-sync', z.object({ registrantId: id, revision: z.number().int().min(1) }));

/** Attempts of one registration before the registrant is `failed` (the sweep, or staff saving the meeting again, retries it). */
export const REGISTRANT_MAX_ATTEMPTS = 8;
export const MEETING_MAX_ATTEMPTS = 8;

/** 5 s, 10 s, 20 s, … at most 10 min: Zoom's limits reset quickly. */
export function meetingBackoffMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000);
}

export async function enqueueMeetingSync(db: Knex, meetingId: string, revision: number, now: Date, orphanZoomMeetingId?: string): Promise<void> {
  const key = orphanZoomMeetingId ? `${meetingId}:orphan:${orphanZoomMeetingId}` : `${meetingId}:${revision}`;
  await enqueue(db, SYNC_ZOOM_MEETING, { meetingId, revision, ...(orphanZoomMeetingId ? { orphanZoomMeetingId } : {}) }, key, { now });
}

const registrantJobKey = (registrantId: string, revision: number) => `${registrantId}:${revision}`;

export async function enqueueRegistrantSync(db: Knex, registrantId: string, revision: number, now: Date): Promise<void> {
  await enqueue(db, SYNC_ZOOM_REGISTRANT, { registrantId, revision }, registrantJobKey(registrantId, revision), { now });
}

/**
 * For each registrant (at its current revision) whose registration job has given up, when it did:
 * the job is `dead` (its `finished_at`), or there is none (its enqueuer stopped before it, or it
 * was pruned: the row's `updatedAt` stands in). A job still queued or running, or done, is absent.
 */
export async function registrationsGivenUp(db: Knex, registrants: Array<{ id: string; revision: number; updatedAt: string }>): Promise<Map<string, string>> {
  const given = new Map<string, string>();
  for (let i = 0; i < registrants.length; i += 500) {
    const chunk = registrants.slice(i, i + 500);
    const jobs = await QueuedJob.query(db)
      .where('name', SYNC_ZOOM_REGISTRANT.name)
      .whereIn(
        'job_key',
        chunk.map((r) => registrantJobKey(r.id, r.revision)),
      )
      .select('job_key', 'status', 'finished_at', 'updated_at');
    const byKey = new Map(jobs.map((job) => [job.jobKey, job]));
    for (const registrant of chunk) {
      const job = byKey.get(registrantJobKey(registrant.id, registrant.revision));
      if (!job) given.set(registrant.id, registrant.updatedAt);
      else if (job.status === 'dead') given.set(registrant.id, job.finishedAt ?? job.updatedAt);
    }
  }
  return given;
}

/**
 * `zoom-attendance-fetch`: fetches a Zoom meeting's participant and poll reports and records them
 * (`attendance-fetch.ts`), keyed by meeting and trigger — `end:<start>` (the sweep, after the
 * session's end), `late:<start>` (a day later, for rows Zoom adds late), `manual:<uuid>` ("Import now") —
 * so each trigger fetches once across processes.
 */
export const FETCH_ZOOM_ATTENDANCE = queuedJob('zoom-attendance-fetch', z.object({ meetingId: id, trigger: z.enum(['end', 'late', 'manual']) }));
export type AttendanceFetchTrigger = 'end' | 'late' | 'manual';

/** Zoom's report appears minutes to an hour after the end: 10 attempts over about 2.5 hours, then the late fetch a day later. */
export const FETCH_MAX_ATTEMPTS = 10;

/** 1 min, 2 min, 4 min, … at most 30 min. */
export function fetchBackoffMs(attempt: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 30 * 60_000);
}
