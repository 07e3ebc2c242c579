/** The queued job that applies a course's new completion rule to everyone not yet complete (`jobs/apply-completion-rule.ts`). */
import type { Knex } from 'knex';
import { z } from 'zod';
import { queuedJob } from '../../jobs/definitions';
import { enqueue } from '../../jobs/queue';

export const APPLY_COMPLETION_RULE = queuedJob('apply-completion-rule', z.object({ courseId: z.string().min(1).max(36) }));
export type ApplyCompletionRulePayload = z.infer<typeof APPLY_COMPLETION_RULE.payload>;

/**
 * Queues, in the writer's transaction, the judging again of everyone not yet complete on `courseId`
 * after its rule changed: staff set one, or a final exam was added or removed (the type's default
 * asks for it only where there is one). `change` tells one change from another in the job's key.
 */
export async function queueRuleApplication(trx: Knex.Transaction, courseId: string, change: string, nowIso: string): Promise<void> {
  await enqueue(trx, APPLY_COMPLETION_RULE, { courseId }, `${courseId}:${nowIso}:${change}`, { now: new Date(nowIso) });
}
