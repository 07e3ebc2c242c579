/**
 * An organisation's seat pool (issue 33, point 2). A paid order of the organisation makes one seat
 * per unit bought (`org-order-steps.ts`). Assigning a seat to an address makes that person a
 * member (invited, unless they already are one) and gives them the course: an entitlement of
 * source `seat` at once when the address has an account, else when its owner signs in
 * (`acceptance.ts`). Reassigning — until a live course starts, or until the holder has made any
 * progress in a self-study course — revokes the first holder's entitlement (their join link and
 * media stop at once: both read it) and grants the new one. Each change is one transaction, taken
 * against the seat's current holder (a conditional UPDATE), and is written to both people's
 * training records. Zoom registrations follow (a queued job).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { ORG_MESSAGES, type SeatView } from '@contracts/orgs';
import { isLiveSessionType } from '@contracts/live-sessions';
import { isUniqueViolation } from '@db/errors';
import { AssessmentAttempt, Course, Entitlement, LessonProgress, OrgMember, OrgSeat, User } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { seatInvitesMoved } from '../calendar/seat-invites';
import { syncCourseAttendees } from '../meetings/attendees';
import { queueSeatMail } from './org-mail';
import { requireOrg, type OrgActor } from './org-access';
import { appendRecord, type NewEntry } from './training-record';

export type SeatMoved = (trx: Knex.Transaction, move: { seatId: string; courseId: string; from: string | null; to: string }, nowIso: string) => Promise<void>;

export const SEAT_MOVED_REASON = 'Seat moved to another person';
export const MEMBER_LEFT_REASON = 'Left the organisation';

/** The seat's right for its member's account, started now (the source id is this assignment's). */
export async function grantSeat(trx: Knex.Transaction, seat: OrgSeat, userId: string, nowIso: string): Promise<string> {
  const id = crypto.randomUUID();
  await Entitlement.query(trx).insert({
    id,
    userId,
    courseId: seat.courseId,
    source: 'seat',
    sourceId: id,
    orderItemId: seat.orderItemId,
    pricingTierId: null,
    startsAt: nowIso,
    endsAt: null,
    createdAt: nowIso,
  });
  await OrgSeat.query(trx).findById(seat.id).patch({ entitlementId: id });
  return id;
}

/** Whether the seat's holder has begun: a live course that started, or any progress or attempt in a self-study one. */
async function holderStarted(db: Knex.Transaction, seat: OrgSeat, holderUserId: string | null, now: Date): Promise<string | null> {
  const course = await Course.query(db).findById(seat.courseId).select('type', 'start_date');
  if (course && isLiveSessionType(course.type)) return course.startDate && new Date(course.startDate) <= now ? ORG_MESSAGES.courseStarted : null;
  if (!holderUserId) return null;
  const progress = await LessonProgress.query(db).where({ user_id: holderUserId, course_id: seat.courseId }).select('lesson_id').first();
  const attempt = progress ? undefined : await AssessmentAttempt.query(db).where({ user_id: holderUserId, course_id: seat.courseId }).select('id').first();
  return progress || attempt ? ORG_MESSAGES.progressMade : null;
}

/** The account behind an address, if there is one. */
export async function userByEmail(db: Knex, email: string): Promise<User | undefined> {
  return User.query(db).findOne({ email }).select('id', 'email', 'name');
}

/**
 * A member leaving (removed, or an invitation withdrawn): each of their seats whose course they
 * have not begun goes back to the pool, its right revoked; one they have begun stays theirs (the
 * training happened). Returns the seats released.
 */
export async function releaseMemberSeats(trx: Knex.Transaction, member: OrgMember, actor: OrgActor, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const seats = await OrgSeat.query(trx).where('member_id', member.id).whereNull('voided_at');
  const entries: NewEntry[] = [];
  let released = 0;
  for (const seat of seats) {
    if (await holderStarted(trx, seat, member.userId, now)) continue;
    if (seat.entitlementId) {
      await Entitlement.query(trx)
        .findById(seat.entitlementId)
        .whereNull('revoked_at')
        .patch({ revokedAt: nowIso, revokedReason: MEMBER_LEFT_REASON, revokedBy: actor.id });
    }
    await OrgSeat.query(trx).findById(seat.id).where('member_id', member.id).patch({ memberId: null, entitlementId: null, assignedAt: null });
    await seatInvitesMoved(trx, seat, member, null, nowIso);
    if (member.userId && seat.entitlementId)
      entries.push({
        userId: member.userId,
        type: 'unassigned',
        orgId: seat.orgId,
        courseId: seat.courseId,
        data: { seatId: seat.id, reason: MEMBER_LEFT_REASON, by: actor.email },
      });
    released++;
  }
  await appendRecord(trx, entries, now);
  return released;
}

export class SeatService {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  async list(orgId: string, actor: OrgActor): Promise<SeatView[]> {
    await requireOrg(this.o.knex, orgId, actor, 'manager');
    return this.views(orgId);
  }

  /** The pool's live seats as the manager sees them (one query), or just `seatId`. */
  private async views(orgId: string, seatId?: string): Promise<SeatView[]> {
    const rows = await OrgSeat.query(this.o.knex)
      .leftJoin('org_members', 'org_members.id', 'org_seats.member_id')
      .leftJoin('courses', 'courses.id', 'org_seats.course_id')
      .leftJoin('order_items', 'order_items.id', 'org_seats.order_item_id')
      .where('org_seats.org_id', orgId)
      .whereNull('org_seats.voided_at')
      .modify((q) => (seatId ? q.where('org_seats.id', seatId) : q))
      .orderBy([{ column: 'org_seats.created_at' }, { column: 'org_seats.order_id' }, { column: 'order_items.position' }, { column: 'org_seats.number' }])
      .select('org_seats.*', 'org_members.email as assignee_email', 'org_members.name as assignee_name', 'courses.title as course_title')
      .castTo<Array<OrgSeat & { assigneeEmail: string | null; assigneeName: string | null; courseTitle: string | null }>>();
    return rows.map((s) => ({
      id: s.id,
      courseId: s.courseId,
      courseTitle: s.courseTitle ?? '',
      assignee: s.memberId && s.assigneeEmail ? { email: s.assigneeEmail, name: s.assigneeName } : null,
      assignedAt: s.assignedAt,
      dueAt: s.dueAt,
    }));
  }

  /** `onMoved`: run in the move's transaction (the back office audits it with its reason there). */
  async assign(orgId: string, seatId: string, email: string, actor: OrgActor, onMoved?: SeatMoved): Promise<SeatView> {
    const { knex, clock } = this.o;
    await requireOrg(knex, orgId, actor, 'manager');
    const now = clock();
    const nowIso = now.toISOString();
    const account = await userByEmail(knex, email);
    const touched: string[] = [];
    try {
      await transaction(knex, async (trx) => {
        const seat = await forUpdate(trx, OrgSeat.query(trx).findOne({ id: seatId, org_id: orgId }));
        if (!seat) throw AppError.notFound(ORG_MESSAGES.seatNotFound);
        if (seat.voidedAt) throw AppError.conflict(ORG_MESSAGES.seatVoided);
        const member = await this.memberFor(trx, orgId, email, account ?? null, actor, nowIso);
        if (seat.memberId === member.id) return;
        const other = await OrgSeat.query(trx).where({ org_id: orgId, course_id: seat.courseId, member_id: member.id }).whereNull('voided_at').first();
        if (other) throw AppError.conflict(ORG_MESSAGES.alreadyHasSeat);
        const entries: NewEntry[] = [];
        const previous = seat.memberId ? await OrgMember.query(trx).findById(seat.memberId) : undefined;
        if (seat.memberId) {
          const refusal = await holderStarted(trx, seat, previous?.userId ?? null, now);
          if (refusal) throw AppError.conflict(refusal);
          if (seat.entitlementId) {
            await Entitlement.query(trx)
              .findById(seat.entitlementId)
              .whereNull('revoked_at')
              .patch({ revokedAt: nowIso, revokedReason: SEAT_MOVED_REASON, revokedBy: actor.id });
          }
          if (previous?.userId) {
            touched.push(previous.userId);
            entries.push({
              userId: previous.userId,
              type: 'unassigned',
              orgId,
              courseId: seat.courseId,
              data: { seatId, reason: SEAT_MOVED_REASON, by: actor.email },
            });
          }
        }
        const moved = await OrgSeat.query(trx)
          .findById(seat.id)
          .modify((q) => (seat.memberId ? q.where('member_id', seat.memberId) : q.whereNull('member_id')))
          .patch({ memberId: member.id, entitlementId: null, assignedAt: nowIso, assignments: seat.assignments + 1 });
        if (!moved) throw AppError.conflict('This seat was changed meanwhile. Please try again.');
        const holder = account?.id ?? null;
        if (holder) {
          await grantSeat(trx, { ...seat, assignments: seat.assignments + 1 } as OrgSeat, holder, nowIso);
          touched.push(holder);
          entries.push({ userId: holder, type: 'assigned', orgId, courseId: seat.courseId, data: { seatId, by: actor.email } });
        }
        await appendRecord(trx, entries, now);
        await seatInvitesMoved(trx, seat, previous ?? null, member, nowIso);
        await onMoved?.(trx, { seatId: seat.id, courseId: seat.courseId, from: previous?.email ?? null, to: member.email }, nowIso);
        await queueSeatMail(trx, seat.id, seat.assignments + 1, now);
        if (touched.length) await syncCourseAttendees(trx, seat.courseId, now, touched);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(ORG_MESSAGES.otherOrganisation);
      throw error;
    }
    return (await this.views(orgId, seatId))[0]!;
  }

  /** The organisation's member with this address, invited now if they are not one yet. */
  private async memberFor(trx: Knex.Transaction, orgId: string, email: string, account: User | null, actor: OrgActor, nowIso: string): Promise<OrgMember> {
    const existing = await OrgMember.query(trx).findOne({ member_key: email });
    if (existing && existing.orgId !== orgId) throw AppError.conflict(ORG_MESSAGES.otherOrganisation);
    if (existing) return existing;
    const id = crypto.randomUUID();
    const row = {
      id,
      orgId,
      userId: account?.id ?? null,
      email,
      name: account?.name ?? null,
      department: null,
      role: 'learner' as const,
      status: 'invited' as const,
      memberKey: email,
      mailState: 'none' as const,
      mailsSent: 0,
      invitedBy: actor.id,
      invitedAt: nowIso,
    };
    await OrgMember.query(trx).insert(row);
    return (await OrgMember.query(trx).findById(id))!;
  }
}
