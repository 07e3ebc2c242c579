/**
 * A PDF sent as a request's body (`PUT`, Content-Type application/pdf; the server checks the bytes
 * and DOCUMENT_MAX_MB): lesson documents and self-reported certificates. A file is not a JSON write
 * the outbox could keep, so it is sent now or not at all. A refusal is an `ApiError`.
 */
import { ApiError, authHeader } from './api-client';

export async function putPdf<T>(url: string, file: Blob): Promise<T> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { ...authHeader(), 'Content-Type': 'application/pdf' },
    body: file,
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  return (await response.json()) as T;
}
