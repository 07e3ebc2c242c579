/** GET /api/courses/:id/assessment-results (staff): per person and assessment, attempts, scores and completion. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentResultRow } from '@contracts/assessments';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { assessmentKeys, coursePath } from './assessment-keys';

export const resultsPath = (courseId: string) => `${coursePath(courseId)}/assessment-results`;

export const resultsQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: assessmentKeys.results(courseId), queryFn: () => getKeptJson<AssessmentResultRow[]>(resultsPath(courseId)) });

export function useResults(courseId: string) {
  return useQuery(resultsQueryOptions(courseId));
}
