/**
 * /learn/:courseId/assessments/:assessmentId: a course's final exam (issue 31), for the signed-in.
 * Its own chunk: none of the exam's code is in the storefront's first load. A result makes My
 * Training and the course's content read their progress and completion again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { RequireRole } from '../../features/auth/route-guard';
import { ExamScreen } from '../../features/assessments/components/exam-screen';
import { learningKeys } from '../../features/learning/api/learning-keys';
import { useAuthToken } from '../../session/auth-token';

export default function LearnAssessmentPage() {
  const { courseId = '', assessmentId = '' } = useParams();
  const token = useAuthToken();
  const queryClient = useQueryClient();
  const onFinished = useCallback(() => {
    for (const queryKey of learningKeys.progressed()) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);
  if (!token) return <RequireRole guard="customer">{null}</RequireRole>;
  return <ExamScreen key={`${assessmentId} ${token}`} courseId={courseId} assessmentId={assessmentId} viewer={token} onFinished={onFinished} />;
}
