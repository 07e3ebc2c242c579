/**
 * Offers (issue 35): a sweep, once a minute across processes (`jobs/waitlist-offers.ts`), that
 * - lapses offers whose time ran out (their seat goes back), then
 * - offers each free seat of a full live session that has not started to the next waiting person:
 *   in one transaction, the entry is claimed (`waiting` → `offered`, a conditional UPDATE), the seat
 *   held (`seats_held + 1` while there is one) and the notification queued under the offer's key,
 *   so an offer is made, and told, once.
 * A seat frees when a checkout expires or fails, an order is refunded or cancelled, someone leaves
 * with an offer, or staff raise the capacity; whichever it was, the next sweep finds it.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { z } from 'zod';
import { Course, PushSubscription, User, WaitlistEntry } from '@db/models';
import { transaction } from '@db/transaction';
import { waitlistOfferText } from '@contracts/waitlists';
import { composeMail, type Mailer } from '@api/integrations/mail';
import type { PushSender } from '@api/integrations/web-push';
import type { Clock } from '@api/lib/clock';
import { queuedJob } from '../../jobs/definitions';
import { enqueue } from '../../jobs/queue';
import { pushToDevices } from '../push/device-push';
import { endOffer, offeredDelta, offersChanged } from './waitlist-seats';

export const SEND_WAITLIST_OFFER = queuedJob('send-waitlist-offer', z.object({ entryId: z.string().min(1).max(36), round: z.number().int().min(1) }));
export type WaitlistOfferPayload = z.infer<typeof SEND_WAITLIST_OFFER.payload>;
export const WAITLIST_OFFER_MAX_ATTEMPTS = 8;

/** At most this many offers lapse, and courses are looked at, per sweep (the next takes the rest). */
const SWEEP_BATCH = 500;

export interface WaitlistOfferOptions {
  knex: Knex;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  push: PushSender;
}

class NoSeat extends Error {}

const whenLabel = (iso: string) => `${new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

export class WaitlistOffers {
  constructor(private readonly o: WaitlistOfferOptions) {}

  async sweep(): Promise<{ lapsed: number; offered: number }> {
    const { knex } = this.o;
    const now = this.o.clock();
    const nowIso = now.toISOString();
    let lapsed = 0;
    const expired = await WaitlistEntry.query(knex).where('status', 'offered').where('offer_expires_at', '<=', nowIso).limit(SWEEP_BATCH);
    for (const entry of expired) if (await transaction(knex, (trx) => endOffer(trx, entry, 'lapsed', nowIso))) lapsed++;

    let offered = 0;
    const courses = await Course.query(knex)
      .whereIn('id', WaitlistEntry.query(knex).where('status', 'waiting').select('course_id'))
      .whereNotNull('max_participants')
      .whereRaw('current_participants + seats_held < max_participants')
      .where((q) => q.whereNull('start_date').orWhere('start_date', '>', nowIso))
      .where('is_active', true)
      .limit(SWEEP_BATCH)
      .select('id', 'max_participants', 'current_participants', 'seats_held', 'waitlist_offer_minutes');
    for (const course of courses) {
      const free = course.maxParticipants! - course.currentParticipants - course.seatsHeld;
      const next = await WaitlistEntry.query(knex).where({ course_id: course.id, status: 'waiting' }).modify('inOrder').limit(free);
      for (const entry of next) {
        const outcome = await this.offer(entry, course.waitlistOfferMinutes, now);
        if (outcome === 'no seat') break;
        if (outcome === 'offered') offered++;
      }
    }
    return { lapsed, offered };
  }

  /** One offer: the entry claimed, the seat held and the notification queued, together or not at all. */
  private async offer(entry: WaitlistEntry, minutes: number, now: Date): Promise<'offered' | 'taken' | 'no seat'> {
    const nowIso = now.toISOString();
    const round = entry.offerRound + 1;
    try {
      return await transaction(this.o.knex, async (trx) => {
        const claimed = await WaitlistEntry.query(trx)
          .where({ id: entry.id, status: 'waiting' })
          .patch({
            status: 'offered',
            offerRound: round,
            offeredAt: nowIso,
            offerExpiresAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
            updatedAt: nowIso,
          });
        if (claimed !== 1) return 'taken';
        const held = await Course.query(trx)
          .findById(entry.courseId)
          .modify('hasSeatsFor', 1)
          .patch({ seatsHeld: raw('seats_held + 1'), ...offeredDelta(1) });
        if (held !== 1) throw new NoSeat();
        await offersChanged(trx, entry.courseId, nowIso);
        await enqueue(trx, SEND_WAITLIST_OFFER, { entryId: entry.id, round }, `waitlist-offer:${entry.id}:${round}`, { now });
        return 'offered';
      });
    } catch (error) {
      if (error instanceof NoSeat) return 'no seat';
      throw error;
    }
  }

  /** The offer's e-mail and push, for the offer it was queued for (skipped if that offer has ended). */
  async notify(payload: WaitlistOfferPayload): Promise<'sent' | 'skipped'> {
    const { knex, mailer, publicUrl } = this.o;
    const entry = await WaitlistEntry.query(knex).findById(payload.entryId);
    if (!entry || entry.status !== 'offered' || entry.offerRound !== payload.round || !entry.offerExpiresAt) return 'skipped';
    const [course, user] = await Promise.all([
      Course.query(knex).findById(entry.courseId).select('id', 'title'),
      User.query(knex).findById(entry.userId).select('id', 'email', 'name'),
    ]);
    if (!course || !user) return 'skipped';
    const text = waitlistOfferText(course.title, whenLabel(entry.offerExpiresAt));
    const url = `/courses/${encodeURIComponent(course.id)}`;
    const devices = await PushSubscription.query(knex).where('user_id', user.id);
    const ttlSeconds = Math.max(60, Math.floor((Date.parse(entry.offerExpiresAt) - this.o.clock().getTime()) / 1000));
    await pushToDevices(knex, this.o.push, devices, JSON.stringify({ title: 'A seat is free for you', body: text, url, tag: `waitlist-${entry.id}` }), {
      ttlSeconds,
      urgency: 'high',
    });
    await mailer.send(composeMail(user.email, `A seat is free: ${course.title}`, [`Hello ${user.name},`, text, `Book it here: ${publicUrl}${url}`]));
    return 'sent';
  }
}
