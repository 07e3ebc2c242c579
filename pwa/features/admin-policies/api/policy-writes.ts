/**
 * The cancellation policies' back-office writes, through the outbox (`sendWrite`, an
 * Idempotency-Key kept for life): PUT /api/admin/cancellation-policies/:courseType with the refund
 * steps, the transfer limit and the move limit (`sessionChangeUntilHours`), and DELETE, back to the
 * type's default. Run by
 * `useNotifiedWrite`: sent, a toast says so; kept for later, that it waits on this device;
 * refused, the server's message. The policies are read again whatever happened.
 */
import type { CancellationPolicyRequest } from '@contracts/bookings';
import type { CourseType } from '@contracts/course-types';
import type { NewWrite } from '@pwa/offline/back-office/outbox';
import { useNotifiedWrite } from '@pwa/offline/back-office/notified-write';
import { policyEntity, policyKeys, policyPath } from './policy-keys';

export const policyWrites = {
  update: (courseType: CourseType, label: string, body: CancellationPolicyRequest): NewWrite => ({
    method: 'PUT',
    url: policyPath(courseType),
    body,
    entity: policyEntity(courseType),
    label: `Change the cancellation policy of ${label}`,
  }),
  reset: (courseType: CourseType, label: string): NewWrite => ({
    method: 'DELETE',
    url: policyPath(courseType),
    entity: policyEntity(courseType),
    label: `Reset the cancellation policy of ${label} to the default`,
  }),
};

/** Runs the write above: the policies are read again. */
export function usePolicyWrite() {
  return useNotifiedWrite(policyKeys.all);
}
