/** Attempts (issue 31): learners sit review questions and final exams; answers saved, graded on the server. */
import { expiredAttemptGradingJob } from '../jobs/grade-expired-attempts';
import { attemptRoutes } from '../routes/attempt-routes';
import { createAttemptServices, type AttemptServices } from '../services/attempts';
import type { CompletionServices } from '../services/completion';
import type { LearningServices } from '../services/learning';
import { defineDomain } from './domain';

export const attemptsDomain = defineDomain<AttemptServices, Pick<LearningServices, 'learningAccess'> & CompletionServices>({
  name: 'attempts',
  // Only the entitled start an attempt (the learning domain's access rule); a graded attempt is an
  // input of the course's completion verdict, recomputed once its grading has committed.
  needs: ['learningAccess', 'completions'],
  services: (deps, { learningAccess, completions }) =>
    createAttemptServices(deps, { learningAccess, onGraded: (courseId, userIds) => completions.recompute(courseId, userIds) }),
  routes: (api, services) => attemptRoutes(api, services),
  jobs: ({ services }) => [expiredAttemptGradingJob(services)],
});
