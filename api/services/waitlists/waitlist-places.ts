/**
 * A person's place on a full live session's waitlist (issue 35): join (signed in, the session
 * full and not started, no seat of their own), leave, and where they stand. One live place per
 * person and course (`live_key`, unique), so joining twice, from any process, is the same place.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Course, Entitlement, WaitlistEntry } from '@db/models';
import { transaction } from '@db/transaction';
import { LIVE_SESSION_TYPES } from '@contracts/live-sessions';
import { WAITLIST_MESSAGES, type WaitlistPlace } from '@contracts/waitlists';
import { isUniqueViolation } from '@db/errors';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { whereLive } from '../enrollments/entitlements';
import { endOffer } from './waitlist-seats';

export interface WaitlistOptions {
  knex: Knex;
  clock: Clock;
}

export const liveKeyOf = (courseId: string, userId: string) => `${courseId}|${userId}`;

/** The person's position among those waiting (1 first), or null. */
async function positionOf(db: Knex, entry: WaitlistEntry): Promise<number | null> {
  if (entry.status !== 'waiting') return null;
  const ahead = await WaitlistEntry.query(db)
    .where({ course_id: entry.courseId, status: 'waiting' })
    .where((q) =>
      q
        .where('position', '<', entry.position)
        .orWhere((same) =>
          same
            .where('position', entry.position)
            .where((t) => t.where('created_at', '<', entry.createdAt).orWhere((tie) => tie.where('created_at', entry.createdAt).where('id', '<', entry.id))),
        ),
    )
    .resultSize();
  return ahead + 1;
}

export class WaitlistPlaces {
  constructor(private readonly o: WaitlistOptions) {}

  private async course(courseId: string): Promise<Course> {
    const course = await Course.query(this.o.knex)
      .findById(courseId)
      .select('id', 'type', 'is_active', 'max_participants', 'current_participants', 'seats_held', 'start_date', 'waitlist_offer_minutes');
    if (!course || !course.isActive) throw AppError.notFound(WAITLIST_MESSAGES.notFound);
    return course;
  }

  private async answer(course: Course, entry: WaitlistEntry | undefined): Promise<WaitlistPlace> {
    const live = entry && ['waiting', 'offered', 'checkout'].includes(entry.status) ? entry : undefined;
    return {
      courseId: course.id,
      status: (live?.status as WaitlistPlace['status']) ?? 'none',
      position: live ? await positionOf(this.o.knex, live) : null,
      offerExpiresAt: live?.status === 'offered' ? live.offerExpiresAt : null,
      offerMinutes: course.waitlistOfferMinutes,
    };
  }

  private liveEntry(db: Knex, courseId: string, userId: string) {
    return WaitlistEntry.query(db).findOne({ live_key: liveKeyOf(courseId, userId) });
  }

  /** GET: where the person stands (`none` when not on the list). */
  async place(userId: string, courseId: string): Promise<WaitlistPlace> {
    const course = await this.course(courseId);
    return this.answer(course, await this.liveEntry(this.o.knex, courseId, userId));
  }

  /** POST: joins at the end of the list; already on it, the same place. */
  async join(userId: string, courseId: string): Promise<{ created: boolean; place: WaitlistPlace }> {
    const course = await this.course(courseId);
    const existing = await this.liveEntry(this.o.knex, courseId, userId);
    if (existing) return { created: false, place: await this.answer(course, existing) };
    const now = this.o.clock();
    if (!(LIVE_SESSION_TYPES as readonly string[]).includes(course.type)) throw AppError.conflict(WAITLIST_MESSAGES.notLive);
    if (course.startDate && Date.parse(course.startDate) <= now.getTime()) throw AppError.conflict(WAITLIST_MESSAGES.started);
    const owned = Entitlement.query(this.o.knex).where({ user_id: userId, course_id: courseId });
    whereLive(owned, now.toISOString());
    if ((await owned.resultSize()) > 0) throw AppError.conflict(WAITLIST_MESSAGES.alreadyOwned);
    if (course.maxParticipants === null || course.currentParticipants + course.seatsHeld < course.maxParticipants)
      throw AppError.conflict(WAITLIST_MESSAGES.notFull);
    const nowIso = now.toISOString();
    try {
      await transaction(this.o.knex, async (trx) => {
        const last = (await WaitlistEntry.query(trx).where('course_id', courseId).max('position as last').first()) as unknown as
          { last: number | null } | undefined;
        await WaitlistEntry.query(trx).insert({
          id: crypto.randomUUID(),
          courseId,
          userId,
          status: 'waiting',
          liveKey: liveKeyOf(courseId, userId),
          position: Number(last?.last ?? 0) + 1,
          offerRound: 0,
          offeredAt: null,
          offerExpiresAt: null,
          orderId: null,
          createdAt: nowIso,
          updatedAt: nowIso,
        });
      });
    } catch (error) {
      // The same person joining twice at once: one place.
      if (!isUniqueViolation(error)) throw error;
      return { created: false, place: await this.answer(course, await this.liveEntry(this.o.knex, courseId, userId)) };
    }
    return { created: true, place: await this.answer(course, await this.liveEntry(this.o.knex, courseId, userId)) };
  }

  /** DELETE: leaves the list; an offered seat is given back (the next person is offered it). */
  async leave(userId: string, courseId: string): Promise<WaitlistPlace> {
    const course = await this.course(courseId);
    const nowIso = this.o.clock().toISOString();
    await transaction(this.o.knex, async (trx) => {
      const entry = await this.liveEntry(trx, courseId, userId);
      if (entry && entry.status !== 'checkout') await endOffer(trx, entry, 'left', nowIso);
    });
    return this.answer(course, await this.liveEntry(this.o.knex, courseId, userId));
  }
}
