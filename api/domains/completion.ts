/** Completion (issue 31): each course's completion rule and each person's verdict, recomputed when its inputs change. */
import { defineDomain } from './domain';

export const completionDomain = defineDomain({
  name: 'completion',
});
