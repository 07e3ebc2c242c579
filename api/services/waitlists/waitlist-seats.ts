/**
 * The seat an offer holds (issue 35), counted in `courses.seats_held` exactly while its entry is
 * `offered`, like a checkout's hold, and in `courses.seats_offered` (public: the storefront counts
 * it as taken); when the person opens checkout it moves to that order's hold (counted once). Every
 * change is a conditional UPDATE of the entry's status, so of two processes only one moves a seat;
 * the catalogue hears of each change of `seats_offered`.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { recordCatalogueChanges } from '@db/change-log';
import { Course, WaitlistEntry, type WaitlistStatus } from '@db/models';

/** `seats_offered` one more (1) or one less (-1), never below zero. */
export const offeredDelta = (by: 1 | -1) => ({
  seatsOffered: by > 0 ? raw('seats_offered + 1') : raw('case when seats_offered > 0 then seats_offered - 1 else 0 end'),
});

/** The course's public seats changed: the catalogue's readers (and their offline copies) hear of it. */
export const offersChanged = (trx: Knex.Transaction, courseId: string, nowIso: string) =>
  recordCatalogueChanges(trx, [{ entity: 'course', entityId: courseId, action: 'upsert' }], new Date(nowIso));

/** The entry leaves the list (`lapsed`, `left`, `removed`, `accepted`); an offered seat goes back. */
export async function endOffer(
  trx: Knex.Transaction,
  entry: Pick<WaitlistEntry, 'id' | 'status' | 'courseId'>,
  to: WaitlistStatus,
  nowIso: string,
): Promise<boolean> {
  const ended = await WaitlistEntry.query(trx).where({ id: entry.id, status: entry.status }).patch({ status: to, liveKey: null, updatedAt: nowIso });
  if (ended === 1 && entry.status === 'offered') {
    await Course.query(trx)
      .findById(entry.courseId)
      .patch({ seatsHeld: raw('case when seats_held > 0 then seats_held - 1 else 0 end'), ...offeredDelta(-1) });
    await offersChanged(trx, entry.courseId, nowIso);
  }
  return ended === 1;
}

/**
 * A checkout by someone offered a seat of this course: the offer's seat becomes the checkout's
 * (nothing more is taken from the course). 1 when it did, 0 when they hold no live offer;
 * `lapsed` tells a checkout refused for want of seats that their offer ran out.
 */
export async function takeOfferedSeat(
  trx: Knex.Transaction,
  courseId: string,
  userId: string,
  orderId: string,
  nowIso: string,
): Promise<{ seats: 0 | 1; lapsed: boolean }> {
  const entry = await WaitlistEntry.query(trx)
    .where({ course_id: courseId, user_id: userId })
    .whereIn('status', ['offered', 'lapsed'])
    .orderBy('updated_at', 'desc')
    .first();
  if (!entry) return { seats: 0, lapsed: false };
  if (entry.status === 'lapsed' || (entry.offerExpiresAt && entry.offerExpiresAt <= nowIso)) return { seats: 0, lapsed: true };
  const moved = await WaitlistEntry.query(trx).where({ id: entry.id, status: 'offered' }).patch({ status: 'checkout', orderId, updatedAt: nowIso });
  if (moved !== 1) return { seats: 0, lapsed: false };
  // Still held (now by the checkout), no longer on offer.
  await Course.query(trx).findById(courseId).patch(offeredDelta(-1));
  await offersChanged(trx, courseId, nowIso);
  return { seats: 1, lapsed: false };
}

/** An order paid: the offers it took are accepted, and its buyer leaves the lists of the courses they now have. */
export async function acceptOrderOffers(trx: Knex.Transaction, orderId: string, userId: string | null, courseIds: string[], nowIso: string): Promise<void> {
  await WaitlistEntry.query(trx).where({ order_id: orderId, status: 'checkout' }).patch({ status: 'accepted', liveKey: null, updatedAt: nowIso });
  if (!userId || courseIds.length === 0) return;
  const waiting = await WaitlistEntry.query(trx).where('user_id', userId).whereIn('course_id', courseIds).whereIn('status', ['waiting', 'offered']);
  for (const entry of waiting) await endOffer(trx, entry, 'accepted', nowIso);
}

/**
 * An order that took an offer's seat ended unpaid (its hold has just given the seat back): while
 * the offer lasts the seat is held for the person again, if it is still free; else the offer lapses.
 */
export async function returnOrderOffers(trx: Knex.Transaction, orderId: string, nowIso: string): Promise<void> {
  const entries = await WaitlistEntry.query(trx).where({ order_id: orderId, status: 'checkout' });
  for (const entry of entries) {
    const stillOffered = !!entry.offerExpiresAt && entry.offerExpiresAt > nowIso;
    const held =
      stillOffered &&
      (await Course.query(trx)
        .findById(entry.courseId)
        .modify('hasSeatsFor', 1)
        .patch({ seatsHeld: raw('seats_held + 1'), ...offeredDelta(1) })) === 1;
    if (held) await offersChanged(trx, entry.courseId, nowIso);
    await WaitlistEntry.query(trx)
      .where({ id: entry.id, status: 'checkout' })
      .patch(held ? { status: 'offered', orderId: null, updatedAt: nowIso } : { status: 'lapsed', liveKey: null, orderId: null, updatedAt: nowIso });
  }
}
