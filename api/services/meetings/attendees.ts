/**
 * Who is registered for a course's Zoom meeting follows who may attend: every person with a live
 * entitlement to the course (`whereLive`, the rule every access decision reads). Called in the
 * transaction that changed the rights (an order's completion or refund: `order-steps.ts`), after
 * a meeting is created, and by the periodic sweep (grants, sign-ins, memberships; registrations
 * that gave up): each change is a conditional write of the registrant row plus its queued job,
 * keyed by row and revision, so the same person is registered once however many times and
 * processes this runs.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Entitlement, Meeting, MeetingRegistrant, User, type RegistrantStatus } from '@db/models';
import { transaction } from '@db/transaction';
import { whereLive } from '../enrollments/entitlements';
import { enqueueRegistrantSync, registrationsGivenUp } from './meeting-jobs';

export interface AttendeeChanges {
  registered: number;
  cancelled: number;
}

/** Registers the newly entitled and cancels those whose right ended (all attendees, or only `userIds`). */
export async function syncCourseAttendees(db: Knex, courseId: string, now: Date, userIds?: string[]): Promise<AttendeeChanges> {
  const changes = { registered: 0, cancelled: 0 };
  const meeting = await Meeting.query(db).where({ course_id: courseId, provider: 'zoom', status: 'ready' }).first();
  if (!meeting || (userIds && userIds.length === 0)) return changes;
  const nowIso = now.toISOString();
  const liveQuery = Entitlement.query(db).where('course_id', courseId).select('id', 'user_id').orderBy('created_at');
  whereLive(liveQuery, nowIso);
  if (userIds) liveQuery.whereIn('user_id', userIds);
  const live = new Map<string, string>();
  for (const row of await liveQuery) if (!live.has(row.userId)) live.set(row.userId, row.id);
  const registrantQuery = MeetingRegistrant.query(db).where('meeting_id', meeting.id);
  if (userIds) registrantQuery.whereIn('user_id', userIds);
  const existing = new Map((await registrantQuery).map((r) => [r.userId, r]));

  const newcomers = [...live.keys()].filter((userId) => !existing.has(userId));
  if (newcomers.length > 0) {
    const people = await User.query(db).whereIn('id', newcomers).select('id', 'email');
    const rows = people.map((person) => ({
      id: crypto.randomUUID(),
      meetingId: meeting.id,
      userId: person.id,
      entitlementId: live.get(person.id) ?? null,
      email: person.email.toLowerCase(),
      status: 'pending' as const,
      revision: 1,
      attempts: 0,
      createdAt: nowIso,
      updatedAt: nowIso,
    }));
    await MeetingRegistrant.insertMany(db, rows, { ignoreConflictsOn: ['meeting_id', 'user_id'] });
    // Only the rows this call inserted get a job (another writer's row already has its own).
    const mine = await MeetingRegistrant.query(db).whereIn(
      'id',
      rows.map((row) => row.id),
    );
    for (const row of mine) await enqueueRegistrantSync(db, row.id, 1, now);
    changes.registered += mine.length;
  }

  for (const registrant of existing.values()) {
    const entitled = live.has(registrant.userId);
    const change =
      entitled && registrant.status === 'cancelled'
        ? {
            status: 'pending' as const,
            entitlementId: live.get(registrant.userId)!,
            attempts: 0,
            lastError: null,
            cancelledAt: null,
            providerCancelledAt: null,
          }
        : !entitled && (registrant.status === 'pending' || registrant.status === 'registered')
          ? { status: 'cancelled' as const, cancelledAt: nowIso, providerCancelledAt: null }
          : null;
    if (!change) continue;
    const written = await MeetingRegistrant.query(db)
      .findById(registrant.id)
      .where('revision', registrant.revision)
      .patch({ ...change, revision: registrant.revision + 1, updatedAt: nowIso });
    if (written !== 1) continue;
    await enqueueRegistrantSync(db, registrant.id, registrant.revision + 1, now);
    if (change.status === 'pending') changes.registered++;
    else changes.cancelled++;
  }
  return changes;
}

/** Queues `registrant`'s registration again under its next revision, if it is still as read (one writer wins). */
async function requeueRegistrant(db: Knex, registrant: MeetingRegistrant, statuses: RegistrantStatus[], now: Date): Promise<boolean> {
  const written = await MeetingRegistrant.query(db)
    .findById(registrant.id)
    .where('revision', registrant.revision)
    .whereIn('status', statuses)
    .patch({ status: 'pending', attempts: 0, revision: registrant.revision + 1, updatedAt: now.toISOString() });
  if (written === 1) await enqueueRegistrantSync(db, registrant.id, registrant.revision + 1, now);
  return written === 1;
}

/** Registrants that failed are tried again (staff saved the meeting again). */
export async function retryFailedRegistrants(db: Knex, meetingId: string, now: Date): Promise<number> {
  const failed = await MeetingRegistrant.query(db).where({ meeting_id: meetingId, status: 'failed' });
  let retried = 0;
  for (const registrant of failed) if (await requeueRegistrant(db, registrant, ['failed'], now)) retried++;
  return retried;
}

/** The sweep queues an attendee's registration again at most this often (counted from when the last one gave up). */
export const REGISTRATION_RETRY_MS = 30 * 60_000;

/**
 * The sweep's retry of registrations that gave up (Zoom failing through every attempt, or their job
 * lost): each attendee of a ready Zoom meeting still `pending` or `failed` and still entitled, whose
 * job for its revision is dead (or missing) since `REGISTRATION_RETRY_MS` at least, is queued again
 * under its next revision, until the session ends. A dead job never runs again and the revision's
 * conditional write lets one writer win (an overlapping sweep, another process, staff saving the
 * meeting): one job at a time per attendee, so Zoom registers each person once.
 */
export async function retryGivenUpRegistrants(db: Knex, meeting: Meeting, now: Date): Promise<number> {
  if (meeting.provider !== 'zoom' || meeting.status !== 'ready' || !meeting.providerMeetingId) return 0;
  if (meeting.startTime && Date.parse(meeting.startTime) + (meeting.duration ?? 60) * 60_000 <= now.getTime()) return 0;
  const waiting = await MeetingRegistrant.query(db).where('meeting_id', meeting.id).whereIn('status', ['pending', 'failed']);
  const givenUp = await registrationsGivenUp(db, waiting);
  const due = waiting.filter((r) => givenUp.has(r.id) && Date.parse(givenUp.get(r.id)!) <= now.getTime() - REGISTRATION_RETRY_MS);
  if (due.length === 0) return 0;
  const entitled = Entitlement.query(db)
    .where('course_id', meeting.courseId)
    .whereIn(
      'user_id',
      due.map((r) => r.userId),
    )
    .select('user_id');
  whereLive(entitled, now.toISOString());
  const live = new Set((await entitled).map((row) => row.userId));
  let retried = 0;
  for (const registrant of due) {
    if (!live.has(registrant.userId)) continue;
    if (await transaction(db, (trx) => requeueRegistrant(trx, registrant, ['pending', 'failed'], now))) retried++;
  }
  return retried;
}
