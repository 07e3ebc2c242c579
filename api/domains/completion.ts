/** Completion (issue 31): each course's completion rule and each person's verdict, recomputed when its inputs change. */
import { applyCompletionRuleJob } from '../jobs/apply-completion-rule';
import { completionRoutes } from '../routes/completion-routes';
import { createCompletionServices, type CompletionServices } from '../services/completion';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const completionDomain = defineDomain<CompletionServices, object, CompletionServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'completion',
  services: createCompletionServices,
  routes: (api, services) => completionRoutes(api, services),
  // A new rule is applied to everyone not yet complete, a page at a time.
  queuedJobs: ({ services }) => [applyCompletionRuleJob(services.completions)],
});
