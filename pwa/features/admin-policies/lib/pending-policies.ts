/**
 * The policies' edits still waiting in the outbox (made offline, or while the server could not be
 * reached), laid over the policies the server (or the device's kept answer) gave: a card shows the
 * last edit queued for its course type, marked "Not synced yet". Only writes still to be sent
 * count: one the server refused is the sync status's to show, not a policy. An edit queued before
 * moves to another date existed has no `sessionChangeUntilHours`: the policy's own is kept, as the
 * server does. A queued reset shows the type's default.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { defaultPolicy, type CancellationPolicyRequest } from '@contracts/bookings';
import { isCourseType, type CourseType } from '@contracts/course-types';
import { adminDb, type OutboxEntry } from '@pwa/offline/back-office/admin-db';
import type { PolicyView } from '../api/get-policies';
import { POLICIES_PATH } from '../api/policy-keys';

export type PolicyCard = PolicyView & { notSynced?: boolean };

/** Per course type, the policy its last queued edit sets ('default': a reset). */
export type PendingPolicies = ReadonlyMap<CourseType, CancellationPolicyRequest | 'default'>;

const ONE_POLICY = new RegExp(`^${POLICIES_PATH}/([^/?]+)$`);

/** What the outbox's entries (in their order) do to the policies. */
export function pendingPolicies(entries: readonly OutboxEntry[]): PendingPolicies {
  const pending = new Map<CourseType, CancellationPolicyRequest | 'default'>();
  for (const entry of entries) {
    if (entry.status !== 'queued' || (entry.method !== 'PUT' && entry.method !== 'DELETE')) continue;
    const type = decodeURIComponent(ONE_POLICY.exec(entry.url.split('?')[0]!)?.[1] ?? '');
    if (entry.method === 'DELETE') {
      if (isCourseType(type)) pending.set(type, 'default');
      continue;
    }
    const body = entry.body as Partial<CancellationPolicyRequest> | undefined;
    if (!isCourseType(type) || !Array.isArray(body?.refundTiers) || body.transferUntilHours === undefined) continue;
    const edit: CancellationPolicyRequest = { refundTiers: body.refundTiers, transferUntilHours: body.transferUntilHours };
    if (body.sessionChangeUntilHours !== undefined) edit.sessionChangeUntilHours = body.sessionChangeUntilHours;
    pending.set(type, edit);
  }
  return pending;
}

/** The policies with the outbox laid over them: a queued edit replaces its type's policy (steps from the most days down, as the server keeps them). */
export function withPendingPolicies(policies: PolicyView[] | undefined, pending: PendingPolicies): PolicyCard[] | undefined {
  if (!policies || pending.size === 0) return policies;
  return policies.map((policy) => {
    const edit = pending.get(policy.courseType);
    if (!edit) return policy;
    if (edit === 'default') return { ...defaultPolicy(policy.courseType), isDefault: true, notSynced: true };
    const refundTiers = [...edit.refundTiers].sort((a, b) => b.daysBefore - a.daysBefore);
    const sessionChangeUntilHours = edit.sessionChangeUntilHours === undefined ? policy.sessionChangeUntilHours : edit.sessionChangeUntilHours;
    return { ...policy, refundTiers, transferUntilHours: edit.transferUntilHours, sessionChangeUntilHours, isDefault: false, notSynced: true };
  });
}

const NONE: PendingPolicies = new Map();

/** The outbox's policy edits, kept current as it changes. */
export function usePendingPolicies(): PendingPolicies {
  return useLiveQuery(async () => pendingPolicies(await adminDb().outbox.orderBy('seq').toArray()), [], NONE);
}
