/** Staff's view of a course's waitlist (issue 35): the offers and who waits, in order; the waiting reordered. */
import type { Knex } from 'knex';
import { Course, User, WaitlistEntry } from '@db/models';
import { transaction } from '@db/transaction';
import { WAITLIST_MESSAGES, type StaffWaitlist } from '@contracts/waitlists';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { recordAudit, type Actor } from '../platform/audit';

export class WaitlistAdmin {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  async list(courseId: string, db: Knex = this.o.knex): Promise<StaffWaitlist> {
    const course = await Course.query(db).findById(courseId).select('id', 'title', 'waitlist_offer_minutes');
    if (!course) throw AppError.notFound(WAITLIST_MESSAGES.notFound);
    const entries = await WaitlistEntry.query(db).where('course_id', courseId).modify('live').modify('inOrder');
    const users = entries.length
      ? await User.query(db)
          .whereIn('id', [...new Set(entries.map((e) => e.userId))])
          .select('id', 'name', 'email')
      : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    // Offers and checkouts first (they hold a seat), then the waiting in their order.
    const holding = entries.filter((e) => e.status !== 'waiting');
    const waiting = entries.filter((e) => e.status === 'waiting');
    return {
      courseId: course.id,
      title: course.title,
      offerMinutes: course.waitlistOfferMinutes,
      entries: [...holding, ...waiting].map((e) => ({
        id: e.id,
        name: byId.get(e.userId)?.name ?? '',
        email: byId.get(e.userId)?.email ?? '',
        status: e.status as 'waiting' | 'offered' | 'checkout',
        position: e.status === 'waiting' ? waiting.indexOf(e) + 1 : null,
        joinedAt: e.createdAt,
        offerExpiresAt: e.offerExpiresAt,
      })),
    };
  }

  /** The waiting entries in the order given: all of them, each once (else 409: the list changed meanwhile). */
  async reorder(actor: Actor, courseId: string, entryIds: string[]): Promise<StaffWaitlist> {
    const nowIso = this.o.clock().toISOString();
    await transaction(this.o.knex, async (trx) => {
      const course = await Course.query(trx).findById(courseId).select('id', 'title');
      if (!course) throw AppError.notFound(WAITLIST_MESSAGES.notFound);
      const waiting = await WaitlistEntry.query(trx).where({ course_id: courseId, status: 'waiting' }).modify('inOrder').select('id');
      const current = waiting.map((e) => e.id);
      if (current.length !== entryIds.length || !entryIds.every((id) => current.includes(id))) throw AppError.conflict(WAITLIST_MESSAGES.listChanged);
      for (const [index, id] of entryIds.entries())
        await WaitlistEntry.query(trx)
          .where({ id, status: 'waiting' })
          .patch({ position: index + 1, updatedAt: nowIso });
      await recordAudit(
        trx,
        actor,
        {
          entity: 'course',
          entityId: courseId,
          action: 'update',
          before: { waitlist: current },
          after: { waitlist: entryIds },
          summary: `Reordered the waitlist of ${course.title}`,
        },
        nowIso,
      );
    });
    return this.list(courseId);
  }
}
