/**
 * POST /api/admin/courses/:id/attendance/import: an attendance or poll report, its bytes as the
 * body (text/csv; a Teams report's UTF-16 as it is), with the time zone its times are in and,
 * after the server said it did not know the columns, the mapping staff chose. A file is not a JSON
 * write the outbox could keep, so it is sent now or not at all (like a lesson's PDF). Answers the
 * import's summary; a refusal is an `ApiError` whose body may list the columns found
 * (`refusalOf`).
 */
import type { ColumnMapping, ImportRefusal, ImportSummary } from '@contracts/attendance';
import { ApiError, authHeader } from '@pwa/lib/api-client';
import { attendancePath } from './get-attendance';

export interface ImportOptions {
  report: 'attendance' | 'polls';
  timeZone: string;
  mapping?: ColumnMapping;
}

export function importUrl(courseId: string, { report, timeZone, mapping }: ImportOptions): string {
  const query = new URLSearchParams({ report, timeZone });
  if (mapping) query.set('mapping', JSON.stringify(mapping));
  return `${attendancePath(courseId)}/import?${query.toString()}`;
}

export async function importReport(courseId: string, file: Blob, options: ImportOptions): Promise<ImportSummary> {
  const response = await fetch(importUrl(courseId, options), {
    method: 'POST',
    headers: { ...authHeader(), 'Content-Type': 'text/csv' },
    body: file,
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  return (await response.json()) as ImportSummary;
}

/** The body of a refused import, when it is one. */
export function refusalOf(error: unknown): ImportRefusal | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const body = JSON.parse(error.body) as ImportRefusal;
    return typeof body.message === 'string' ? body : null;
  } catch {
    return null;
  }
}
