/** GET /api/courses/:id/assessments (staff): the course's review questions and final exams with their settings. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentDto } from '@contracts/assessments';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { assessmentKeys, coursePath } from './assessment-keys';

export const assessmentsQueryOptions = (courseId: string) =>
  queryOptions({
    ...ADMIN_READ,
    queryKey: assessmentKeys.assessments(courseId),
    queryFn: () => getKeptJson<AssessmentDto[]>(`${coursePath(courseId)}/assessments`),
  });

export function useAssessments(courseId: string) {
  return useQuery(assessmentsQueryOptions(courseId));
}
