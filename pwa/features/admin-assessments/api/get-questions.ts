/** GET /api/courses/:id/questions (staff): the course's question bank, kept on the device for offline use. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionDto } from '@contracts/assessments';
import { ADMIN_READ, getKeptJson } from '@pwa/offline/back-office/admin-snapshots';
import { assessmentKeys, coursePath } from './assessment-keys';

export const questionsQueryOptions = (courseId: string) =>
  queryOptions({ ...ADMIN_READ, queryKey: assessmentKeys.questions(courseId), queryFn: () => getKeptJson<QuestionDto[]>(`${coursePath(courseId)}/questions`) });

export function useQuestions(courseId: string) {
  return useQuery(questionsQueryOptions(courseId));
}
