/**
 * The seats of an open checkout (`seat_holds`, mirrored in `courses.seats_held`), from the hold
 * to its end. A signed-in buyer's checkout holds its seats for SEAT_HOLD_MS with one conditional
 * UPDATE of the course row. A guest checkout holds seats of a seat-limited course only within two
 * bounds, so anonymous checkouts with made-up e-mails cannot fill a session (issue 27):
 * - one live guest hold per client and course (`client_live_key`, unique), so one client address
 *   holds at most one order's seats (MAX_SEATS_PER_ORDER) of a course at a time;
 * - guests together hold at most three quarters of the course's seats (`courses.guest_seats_held`).
 * Beyond them the checkout still goes ahead, `wanted`: nothing is reserved, and the seats are
 * taken when the payment is confirmed, if they are still free. Held seats are never shown as sold:
 * the storefront counts paid participants, and a checkout refused because the free seats are only
 * held says so rather than "fully booked".
 *
 * A hold counts in `guest_seats_held` exactly while it is `held` and has a `client_key`.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Course, SeatHold } from '@db/models';
import { AppError } from '@api/errors';

/** Guests may hold at most GUEST_SHARE_NUMERATOR / GUEST_SHARE_DENOMINATOR of a course's seats. */
const GUEST_SHARE_NUMERATOR = 3;
const GUEST_SHARE_DENOMINATOR = 4;

export const clientLiveKey = (clientKey: string, courseId: string) => `${clientKey}|${courseId}`;

/** The course row's counters for `seats` held (positive) or given back (negative) by a hold. */
function heldDelta(seats: number, guest: boolean) {
  const held = { seatsHeld: raw('seats_held + ?', [seats]) };
  return guest ? { ...held, guestSeatsHeld: raw('guest_seats_held + ?', [seats]) } : held;
}

/** "X is fully booked" only when the seats are sold (or offered to its waitlist); when they are merely held by checkouts, that. */
async function seatsGone(db: Knex, courseId: string, seats: number): Promise<AppError> {
  const course = await Course.query(db).findById(courseId).select('title', 'max_participants', 'current_participants', 'seats_offered');
  const title = course?.title ?? 'This course';
  // Seats offered to the waitlist are as good as taken: they are not for sale while the offers last.
  if (course?.maxParticipants != null && course.currentParticipants + course.seatsOffered + seats <= course.maxParticipants) {
    return AppError.conflict(`The last seats of ${title} are held in other checkouts right now. Please try again in a few minutes.`);
  }
  return AppError.conflict(`${title} is fully booked`);
}

/** The courses on which this client already holds seats in a live guest checkout (read first; the unique key settles a race). */
export async function coursesHeldByClient(db: Knex, clientKey: string, courseIds: string[]): Promise<Set<string>> {
  const rows = await SeatHold.query(db)
    .whereIn(
      'client_live_key',
      courseIds.map((id) => clientLiveKey(clientKey, id)),
    )
    .select('course_id');
  return new Set(rows.map((row) => row.courseId));
}

/**
 * Takes `seats` of a course for a new checkout, in its transaction: `held` when reserved,
 * `wanted` when a guest may not reserve them (see above) but they are free. A 409 when they are
 * not free. `guest` is given for a guest checkout of a seat-limited course.
 */
export async function takeSeats(trx: Knex.Transaction, courseId: string, seats: number, guest: { alreadyHolding: boolean } | null): Promise<'held' | 'wanted'> {
  if (!guest?.alreadyHolding) {
    const query = Course.query(trx).findById(courseId).modify('hasSeatsFor', seats);
    if (guest) query.whereRaw(`${GUEST_SHARE_DENOMINATOR} * (courses.guest_seats_held + ?) <= ${GUEST_SHARE_NUMERATOR} * courses.max_participants`, [seats]);
    if ((await query.patch(heldDelta(seats, !!guest))) === 1) return 'held';
  }
  if (guest && (await Course.query(trx).findById(courseId).modify('hasSeatsFor', seats).select('id').first())) return 'wanted';
  throw await seatsGone(trx, courseId, seats);
}

/** Ends an order's open holds (failed, expired, replaced, refunded): held seats go back, each hold once. */
export async function releaseHolds(trx: Knex.Transaction, orderId: string): Promise<void> {
  const holds = await SeatHold.query(trx).modify('open').where('order_id', orderId).select('id', 'course_id', 'seats', 'status', 'client_key');
  for (const hold of holds) {
    const released = await SeatHold.query(trx).where({ id: hold.id, status: hold.status }).patch({ status: 'released', liveKey: null, clientLiveKey: null });
    if (released === 1 && hold.status === 'held') await Course.query(trx).findById(hold.courseId).patch(heldDelta(-hold.seats, !!hold.clientKey));
  }
}

/**
 * Reserves, at payment, the seats of the order's holds in state `from`: `wanted` (a guest
 * checkout that reserved nothing) or `released` (paid after its checkout expired). All or none:
 * returns null when every one is held now, else the 409 of the first course without the seats
 * (and nothing is held).
 */
export async function holdAtPayment(trx: Knex.Transaction, orderId: string, from: 'wanted' | 'released'): Promise<AppError | null> {
  const holds = await SeatHold.query(trx).where({ order_id: orderId, status: from }).select('id', 'course_id', 'seats', 'client_key');
  const taken: typeof holds = [];
  for (const hold of holds) {
    const ok = await Course.query(trx).findById(hold.courseId).modify('hasSeatsFor', hold.seats).patch(heldDelta(hold.seats, !!hold.clientKey));
    if (ok !== 1) {
      for (const undo of taken) await Course.query(trx).findById(undo.courseId).patch(heldDelta(-undo.seats, !!undo.clientKey));
      return seatsGone(trx, hold.courseId, hold.seats);
    }
    taken.push(hold);
  }
  if (taken.length)
    await SeatHold.query(trx)
      .whereIn(
        'id',
        taken.map((h) => h.id),
      )
      .patch({ status: 'held' });
  return null;
}

/**
 * A completed order's held seats become participants, except on courses the buyer already had
 * (`owned`): those go back. Returns the courses whose participant count changed.
 */
export async function convertHolds(trx: Knex.Transaction, orderId: string, owned: Set<string>): Promise<string[]> {
  const holds = await SeatHold.query(trx).modify('held').where('order_id', orderId).select('id', 'course_id', 'seats', 'client_key');
  const seatsTaken: string[] = [];
  for (const hold of holds) {
    const duplicate = owned.has(hold.courseId);
    const converted = await SeatHold.query(trx)
      .modify('held')
      .where('id', hold.id)
      .patch({ status: duplicate ? 'released' : 'converted', liveKey: null, clientLiveKey: null });
    if (converted !== 1) continue;
    await Course.query(trx)
      .findById(hold.courseId)
      .patch({ ...heldDelta(-hold.seats, !!hold.clientKey), currentParticipants: raw('current_participants + ?', [duplicate ? 0 : hold.seats]) });
    if (!duplicate) seatsTaken.push(hold.courseId);
  }
  return seatsTaken;
}
