/** The completion domain's services: each course's completion rule and each person's verdict (issue 31, point 4). */
import type { ServiceDependencies } from '../dependencies';
import { CompletionService } from './completion-service';

export { CompletionService } from './completion-service';

export interface CompletionServices {
  completions: CompletionService;
}

export function createCompletionServices({ knex, clock }: ServiceDependencies): CompletionServices {
  return { completions: new CompletionService({ knex, clock }) };
}
