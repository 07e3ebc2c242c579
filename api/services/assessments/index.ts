/** The assessments domain's services (issue 31, staff side): the question bank and its CSV, assessments and their settings, the results table. */
import type { ServiceDependencies } from '../dependencies';
import { AssessmentAdminService } from './assessment-admin';
import { QuestionBankService } from './bank';
import { AssessmentResultsService } from './results';

export interface AssessmentServices {
  questionBank: QuestionBankService;
  assessmentAdmin: AssessmentAdminService;
  assessmentResults: AssessmentResultsService;
}

export function createAssessmentServices({ knex, clock }: ServiceDependencies): AssessmentServices {
  return {
    questionBank: new QuestionBankService({ knex, clock }),
    assessmentAdmin: new AssessmentAdminService({ knex, clock }),
    assessmentResults: new AssessmentResultsService({ knex }),
  };
}
