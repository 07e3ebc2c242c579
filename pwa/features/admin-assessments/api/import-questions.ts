/**
 * POST /api/courses/:id/questions/import: a bank CSV (QUESTION_CSV_COLUMNS), its bytes as the body
 * (text/csv). A file is not a JSON write the outbox could keep, so it is sent now or not at all.
 * Answers `{ imported }`; a refusal is an `ApiError` whose body may list rows (`importRefusalOf`).
 */
import type { QuestionImportError, QuestionImportRefusal, QuestionImportResult } from '@contracts/assessments';
import { ApiError, authHeader } from '@pwa/lib/api-client';
import { coursePath } from './assessment-keys';

export type ImportRowError = QuestionImportError;

export async function importQuestions(courseId: string, file: Blob): Promise<QuestionImportResult> {
  const response = await fetch(`${coursePath(courseId)}/questions/import`, {
    method: 'POST',
    headers: { ...authHeader(), 'Content-Type': 'text/csv' },
    body: file,
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  return (await response.json()) as QuestionImportResult;
}

/** The refusal's message and row errors, when the body is one. */
export function importRefusalOf(error: unknown): QuestionImportRefusal | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const body = JSON.parse(error.body) as { message?: unknown; errors?: unknown };
    if (typeof body.message !== 'string') return null;
    const errors = Array.isArray(body.errors)
      ? body.errors.filter((e): e is ImportRowError => typeof e?.row === 'number' && typeof e?.message === 'string')
      : [];
    return { message: body.message, errors };
  } catch {
    return null;
  }
}
