/** Assessments, staff side (issue 31): a course's question bank (CSV in and out), review questions and final exams, the results table. */
import { assessmentAdminRoutes, QUESTION_IMPORT_PATH } from '../routes/assessment-admin-routes';
import { createAssessmentServices, type AssessmentServices } from '../services/assessments';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const assessmentsDomain = defineDomain<AssessmentServices, object, AssessmentServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'assessments',
  services: createAssessmentServices,
  routes: (api, services) => assessmentAdminRoutes(api, services),
  // The bank's CSV is read by its route (up to its limit), never by the JSON parser.
  unparsedBodies: [{ method: 'POST', path: QUESTION_IMPORT_PATH, keep: 'stream' }],
});
