/**
 * The attempt routes (issue 31, point 3): start (or find the open one), read back to resume, save
 * answers (idempotent: each named question's answer replaces its last), submit (the same result
 * whenever asked again) and a review question's feedback.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Answer, AnswerFeedback, AttemptResult, AttemptView } from '@contracts/assessments';
import { ApiError, apiRequest, getJson } from '@pwa/lib/api-client';
import { assessmentKeys } from './assessment-keys';

const attemptPath = (attemptId: string) => `/api/attempts/${encodeURIComponent(attemptId)}`;

export function fetchAttempt(attemptId: string): Promise<AttemptView> {
  return getJson<AttemptView>(attemptPath(attemptId));
}

export const attemptQueryOptions = (attemptId: string, viewer: string) =>
  queryOptions({ queryKey: assessmentKeys.attempt(attemptId, viewer), queryFn: () => fetchAttempt(attemptId), staleTime: Infinity });

export function useAttempt(attemptId: string | null, viewer: string) {
  return useQuery({ ...attemptQueryOptions(attemptId ?? '', viewer), enabled: !!attemptId });
}

/** A refused start: the open attempt to resume (409 with `openAttemptId`), or the server's reason. */
export type StartOutcome = { view: AttemptView } | { openAttemptId: string };

/** `POST /api/assessments/:id/attempts`; while one is open, the server names it and that one is resumed. */
export async function startAttempt(assessmentId: string): Promise<StartOutcome> {
  try {
    const response = await apiRequest('POST', `/api/assessments/${encodeURIComponent(assessmentId)}/attempts`, {});
    return { view: (await response.json()) as AttemptView };
  } catch (error) {
    const open = error instanceof ApiError && error.status === 409 ? openAttemptOf(error.body) : null;
    if (open) return { openAttemptId: open };
    throw error;
  }
}

function openAttemptOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { openAttemptId?: unknown };
    return typeof parsed.openAttemptId === 'string' && parsed.openAttemptId ? parsed.openAttemptId : null;
  } catch {
    return null;
  }
}

/** The started attempt, or the open one read back. */
export async function startOrResume(assessmentId: string): Promise<AttemptView> {
  const outcome = await startAttempt(assessmentId);
  return 'view' in outcome ? outcome.view : fetchAttempt(outcome.openAttemptId);
}

export async function saveAnswers(attemptId: string, answers: Answer[]): Promise<{ savedAt: string }> {
  const response = await apiRequest('PUT', `${attemptPath(attemptId)}/answers`, { answers });
  return (await response.json()) as { savedAt: string };
}

export async function submitAttempt(attemptId: string, answers?: Answer[]): Promise<AttemptResult> {
  const response = await apiRequest('POST', `${attemptPath(attemptId)}/submit`, answers ? { answers } : {});
  return (await response.json()) as AttemptResult;
}

export async function checkAnswer(attemptId: string, answer: Answer): Promise<AnswerFeedback> {
  const response = await apiRequest('POST', `${attemptPath(attemptId)}/check`, answer);
  return (await response.json()) as AnswerFeedback;
}
