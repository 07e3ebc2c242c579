/**
 * A cancellation policy in words, as the back office's cards say it: "Full refund until 7 days
 * before the start; 50% until 2 days before; then no refund. Transfer to a colleague until the
 * start. Move to another date until 24 hours before the start." It says what the policy does by the one rule (`bookingTerms`, contracts/bookings.ts): the
 * steps from the most days down, a step refunding nothing allows no cancellation (left out), and of
 * steps refunding the same the one with the fewest days is the one that counts.
 */
import type { CancellationPolicy, RefundTier } from '@contracts/bookings';
import { COURSE_TYPE_FILTER_LABELS } from '@pwa/catalogue/components/course-labels';
import type { CourseType } from '@contracts/course-types';

/** The storefront's name of a course type ("Live Webinars"). */
export const courseTypeLabel = (type: CourseType): string => COURSE_TYPE_FILTER_LABELS[type] ?? type;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The steps that decide a refund, from the most days down: those refunding something, one per percentage. */
export function effectiveSteps(tiers: readonly RefundTier[]): RefundTier[] {
  const steps = [...tiers].filter((tier) => tier.percent > 0).sort((a, b) => b.daysBefore - a.daysBefore);
  // A step refunding what the next (later) one refunds ends where that one does.
  return steps.filter((tier, i) => steps[i + 1]?.percent !== tier.percent);
}

/** "until 7 days before the start" (the first step), "until 2 days before" (the others); 0 days: "until the start". */
function until(daysBefore: number, first: boolean): string {
  if (daysBefore === 0) return 'until the start';
  return `until ${plural(daysBefore, 'day', 'days')} before${first ? ' the start' : ''}`;
}

/** What a cancellation refunds, or null when the policy allows none. */
export function refundText(tiers: readonly RefundTier[]): string | null {
  const steps = effectiveSteps(tiers);
  if (steps.length === 0) return null;
  const parts = steps.map((step, i) => {
    const what = step.percent === 100 ? 'full refund' : i === 0 ? `${step.percent}% refund` : `${step.percent}%`;
    const said = `${what} ${until(step.daysBefore, i === 0)}`;
    return i === 0 ? said[0]!.toUpperCase() + said.slice(1) : said;
  });
  // After a step lasting until the start there is nothing left to say.
  if (steps.at(-1)!.daysBefore > 0) parts.push('then no refund');
  return `${parts.join('; ')}.`;
}

/** Until when a seat may go to a colleague, or null when never. */
export function transferText(transferUntilHours: number | null): string | null {
  if (transferUntilHours === null) return null;
  if (transferUntilHours === 0) return 'Transfer to a colleague until the start.';
  return `Transfer to a colleague until ${plural(transferUntilHours, 'hour', 'hours')} before the start.`;
}

/** Until when a seat may move to another date of the same course, or null when never. */
export function moveText(sessionChangeUntilHours: number | null): string | null {
  if (sessionChangeUntilHours === null) return null;
  if (sessionChangeUntilHours === 0) return 'Move to another date until the start.';
  return `Move to another date until ${plural(sessionChangeUntilHours, 'hour', 'hours')} before the start.`;
}

/** The whole policy in words. */
export function policyText(policy: Pick<CancellationPolicy, 'refundTiers' | 'transferUntilHours' | 'sessionChangeUntilHours'>): string {
  const refund = refundText(policy.refundTiers);
  const transfer = transferText(policy.transferUntilHours);
  const move = moveText(policy.sessionChangeUntilHours);
  if (!refund && !transfer && !move) return 'Not cancellable, transferable or movable to another date.';
  return [refund ?? 'Not cancellable.', transfer ?? 'No transfer to a colleague.', move ?? 'No move to another date.'].join(' ');
}
