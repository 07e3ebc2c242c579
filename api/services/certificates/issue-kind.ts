/** The queued job that issues the certificates of new completions (`jobs/issue-certificates.ts`). */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { queuedJob } from '../../jobs/definitions';
import { enqueue } from '../../jobs/queue';

/** People per job: a rule applied to a whole course completes hundreds at once. */
export const ISSUE_BATCH = 500;

export const ISSUE_CERTIFICATES = queuedJob(
  'issue-certificates',
  z.object({ courseId: z.string().min(1).max(36), userIds: z.array(z.string().min(1).max(36)).min(1).max(ISSUE_BATCH) }),
);
export type IssueCertificatesPayload = z.infer<typeof ISSUE_CERTIFICATES.payload>;

/**
 * Queues, in the transaction that records completions, the issuing of their certificates. Two
 * processes completing the same person both queue; the certificate is still issued once (its
 * `source_key` is unique and checked under the counter's lock).
 */
export async function queueIssuing(trx: Knex.Transaction, courseId: string, userIds: readonly string[], nowIso: string): Promise<void> {
  for (let i = 0; i < userIds.length; i += ISSUE_BATCH) {
    const batch = userIds.slice(i, i + ISSUE_BATCH);
    const digest = crypto.createHash('sha256').update(batch.join(',')).digest('hex').slice(0, 16);
    await enqueue(trx, ISSUE_CERTIFICATES, { courseId, userIds: batch }, `${courseId}:${nowIso}:${digest}`, { now: new Date(nowIso) });
  }
}
