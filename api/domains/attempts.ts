/** Attempts (issue 31): learners sit review questions and final exams; answers saved, graded on the server. */
import { expiredAttemptGradingJob } from '../jobs/grade-expired-attempts';
import { attemptRoutes } from '../routes/attempt-routes';
import { createAttemptServices, type AttemptServices } from '../services/attempts';
import type { LearningServices } from '../services/learning';
import { defineDomain } from './domain';

export const attemptsDomain = defineDomain<AttemptServices, Pick<LearningServices, 'learningAccess'>>({
  name: 'attempts',
  // Only the entitled start an attempt (the learning domain's access rule).
  needs: ['learningAccess'],
  services: (deps, { learningAccess }) => createAttemptServices(deps, { learningAccess }),
  routes: (api, services) => attemptRoutes(api, services),
  jobs: ({ services }) => [expiredAttemptGradingJob(services)],
});
