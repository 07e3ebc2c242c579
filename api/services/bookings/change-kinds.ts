/** The three changes of a booked seat (issue 35) and how each is recorded: the revoked right's reason and the audit's entry. */
import type { Course } from '@db/models';
import type { Holder } from './holders';

/** What a change does: cancel (with its refund), transfer to a person, or move to another date. */
export type ChangeKind =
  { kind: 'cancelled'; refund: { percent: number; refundCents: number } } | { kind: 'transferred'; to: Holder } | { kind: 'moved'; toCourse: Course };

/** The revoked right's reason and the audit's entry of a change. */
export function describeChange(change: ChangeKind, course: Pick<Course, 'id' | 'title'>, user: Holder) {
  const before = { holder: user.email, courseId: course.id };
  const title = course.title;
  switch (change.kind) {
    case 'cancelled':
      return {
        reason: 'Cancelled by the customer',
        before,
        after: { cancelled: true, refundPercent: change.refund.percent, refundCents: change.refund.refundCents },
        summary: `${user.email} cancelled their seat in ${title} (${change.refund.percent}% refund)`,
      };
    case 'transferred':
      return {
        reason: `Transferred to ${change.to.email}`,
        before,
        after: { holder: change.to.email, courseId: course.id },
        summary: `${user.email} transferred their seat in ${title} to ${change.to.email}`,
      };
    case 'moved':
      return {
        reason: `Moved to ${change.toCourse.code}`.slice(0, 200),
        before,
        after: { holder: user.email, courseId: change.toCourse.id },
        summary: `${user.email} moved their seat in ${title} to ${change.toCourse.title} (${change.toCourse.startDate})`,
      };
  }
}
