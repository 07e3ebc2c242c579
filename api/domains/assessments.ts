/** Assessments, staff side (issue 31): a course's question bank (CSV in and out), review questions and final exams, the results table. */
import { defineDomain } from './domain';

export const assessmentsDomain = defineDomain({
  name: 'assessments',
});
