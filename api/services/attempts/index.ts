/** The attempts domain's services: a learner's attempts (start, answers, submit, feedback) and their list per course. */
import type { AuthenticatedUser } from '../accounts/auth-service';
import type { ServiceDependencies } from '../dependencies';
import type { LearningAccess } from '../learning/access';
import { AttemptService, type OnGraded } from './attempts';
import { learnerAssessments } from './learner-list';
import { OfflinePaperService } from './offline-papers';

export interface AttemptServices {
  attempts: AttemptService;
  offlinePapers: OfflinePaperService;
  learnerAssessments: { of(user: AuthenticatedUser | null, courseId: string): ReturnType<typeof learnerAssessments> };
}

export function createAttemptServices(
  { knex, clock, logger }: ServiceDependencies,
  { learningAccess, onGraded }: { learningAccess: Pick<LearningAccess, 'require'>; onGraded?: OnGraded },
): AttemptServices {
  const attempts = new AttemptService({ knex, clock, logger, access: learningAccess, onGraded });
  return {
    attempts,
    offlinePapers: new OfflinePaperService({ knex, clock, logger, access: learningAccess, onGraded }),
    learnerAssessments: { of: (user, courseId) => learnerAssessments({ knex, clock, access: learningAccess, attempts }, user, courseId) },
  };
}
