/**
 * The `apply-completion-rule` queued job (issue 31, point 4): after staff change a course's
 * completion rule, everyone with a live right to it who is not yet complete is judged again, a page
 * of people at a time (a course may have thousands). Keyed per course and change, so each change
 * is applied once; safe to run twice (a recompute is idempotent, and a completion is never cleared).
 */
import { APPLY_COMPLETION_RULE, type ApplyCompletionRulePayload } from '../services/completion/apply-rule-kind';
import type { CompletionService } from '../services/completion/completion-service';
import { handleQueued, type QueuedJobHandler } from './definitions';

const PAGE = 500;

export function applyCompletionRuleJob(completions: CompletionService): QueuedJobHandler<ApplyCompletionRulePayload> {
  return handleQueued(APPLY_COMPLETION_RULE, {
    handle: async ({ courseId }, { signal }) => {
      let after = '';
      for (;;) {
        if (signal.aborted) throw new Error('Stopped before the rule was applied to everyone');
        const people = await completions.pendingPeople(courseId, after, PAGE);
        if (people.length === 0) return;
        await completions.recompute(courseId, people);
        after = people[people.length - 1]!;
      }
    },
  });
}
