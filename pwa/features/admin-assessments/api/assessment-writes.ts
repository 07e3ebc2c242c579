/**
 * The Assessments tab's writes, each through the outbox (`sendWrite`): a question of the bank
 * (POST /api/courses/:id/questions, PUT/DELETE /api/questions/:id), an assessment (POST
 * /api/courses/:id/assessments, PUT/DELETE /api/assessments/:id) and the completion rule (PUT
 * /api/courses/:id/completion-rule). `useAssessmentWrite` (`useCompletionRuleWrite` for the rule)
 * runs one: sent, the reads it can change are asked again; kept for later, the toast says it waits
 * on this device; refused, the server's message.
 */
import type { AssessmentDto, CreateAssessmentRequest, QuestionDto, QuestionInput, UpdateAssessmentRequest } from '@contracts/assessments';
import type { CompletionRule } from '@contracts/completion';
import type { NewWrite } from '@pwa/offline/back-office/outbox';
import { useNotifiedWrite } from '@pwa/offline/back-office/notified-write';
import { assessmentKeys, assessmentsEntity, completionRuleEntity, coursePath } from './assessment-keys';

const questionPath = (id: string) => `/api/questions/${encodeURIComponent(id)}`;
const assessmentPath = (id: string) => `/api/assessments/${encodeURIComponent(id)}`;

export function assessmentWrites(courseId: string) {
  const entity = assessmentsEntity(courseId);
  return {
    addQuestion: (body: QuestionInput): NewWrite => ({ method: 'POST', url: `${coursePath(courseId)}/questions`, body, entity, label: 'Add question' }),
    updateQuestion: (question: QuestionDto, body: QuestionInput): NewWrite => ({
      method: 'PUT',
      url: questionPath(question.id),
      body,
      base: question,
      entity,
      label: 'Edit question',
    }),
    deleteQuestion: (id: string): NewWrite => ({ method: 'DELETE', url: questionPath(id), entity, label: 'Delete question' }),
    addAssessment: (body: CreateAssessmentRequest): NewWrite => ({
      method: 'POST',
      url: `${coursePath(courseId)}/assessments`,
      body,
      entity,
      label: `Add ${body.kind === 'final' ? 'final exam' : 'review questions'}`,
    }),
    updateAssessment: (assessment: AssessmentDto, body: UpdateAssessmentRequest): NewWrite => ({
      method: 'PUT',
      url: assessmentPath(assessment.id),
      body,
      base: assessment,
      entity,
      label: 'Edit assessment',
    }),
    deleteAssessment: (id: string): NewWrite => ({ method: 'DELETE', url: assessmentPath(id), entity, label: 'Delete assessment' }),
    completionRule: (body: CompletionRule): NewWrite => ({
      method: 'PUT',
      url: `${coursePath(courseId)}/completion-rule`,
      body,
      entity: completionRuleEntity(courseId),
      label: 'Save completion rule',
    }),
  };
}

/** Runs the bank's and the assessments' writes of `courseId`: `write(newWrite, done, whatFailed)`. */
export function useAssessmentWrite(courseId: string) {
  return useNotifiedWrite(assessmentKeys.course(courseId));
}

/** Runs the completion rule's write: only the rule is read again (the people it completes are the job's, later). */
export function useCompletionRuleWrite(courseId: string) {
  return useNotifiedWrite(assessmentKeys.completionRule(courseId));
}
