/** GET /api/me/courses/:id/assessments: what the learner sees of a course's assessments before starting. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LearnerAssessment } from '@contracts/assessments';
import { getJson } from '@pwa/lib/api-client';
import { assessmentKeys } from './assessment-keys';

export function fetchCourseAssessments(courseId: string): Promise<LearnerAssessment[]> {
  return getJson<LearnerAssessment[]>(`/api/me/courses/${encodeURIComponent(courseId)}/assessments`);
}

export const courseAssessmentsQueryOptions = (courseId: string, viewer: string) =>
  // Asked even when the browser says it is offline: the failure is what shows the exam kept on the device (issue 34).
  queryOptions({ queryKey: assessmentKeys.course(courseId, viewer), queryFn: () => fetchCourseAssessments(courseId), networkMode: 'always' });

export function useCourseAssessments(courseId: string, viewer: string) {
  return useQuery(courseAssessmentsQueryOptions(courseId, viewer));
}
