/** The queued job that applies a course's new completion rule to everyone not yet complete (`jobs/apply-completion-rule.ts`). */
import { z } from 'zod';
import { queuedJob } from '../../jobs/definitions';

export const APPLY_COMPLETION_RULE = queuedJob('apply-completion-rule', z.object({ courseId: z.string().min(1).max(36) }));
export type ApplyCompletionRulePayload = z.infer<typeof APPLY_COMPLETION_RULE.payload>;
