/**
 * POST /api/lessons/:id/progress `{ position, ranges }` (merged on the server, idempotent). On
 * leaving the page the report goes with `keepalive`, so it is delivered after the page is gone
 * (`apiRequest` has no such option; the headers and errors are the same).
 */
import type { LessonProgressAnswer, ProgressReport } from '@contracts/learning';
import { ApiError, apiRequest, authHeader } from '@pwa/lib/api-client';

const path = (lessonId: string) => `/api/lessons/${encodeURIComponent(lessonId)}/progress`;

export async function sendProgress(lessonId: string, report: ProgressReport, options: { keepalive?: boolean } = {}): Promise<LessonProgressAnswer> {
  if (!options.keepalive) return (await (await apiRequest('POST', path(lessonId), report)).json()) as LessonProgressAnswer;
  const response = await fetch(path(lessonId), {
    method: 'POST',
    headers: { ...authHeader(), 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    credentials: 'include',
    keepalive: true,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  return (await response.json()) as LessonProgressAnswer;
}
