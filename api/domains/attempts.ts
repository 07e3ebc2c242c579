/** Attempts (issue 31): learners sit review questions and final exams; answers saved, graded on the server. */
import { defineDomain } from './domain';

export const attemptsDomain = defineDomain({
  name: 'attempts',
});
