/**
 * PUT /api/lessons/:id/document: a document lesson's PDF, its bytes as the body (Content-Type
 * application/pdf; the server checks the bytes and DOCUMENT_MAX_MB). A file is not a JSON write the
 * outbox could keep, so this one is sent now or not at all: offline the screen says it needs the
 * connection. Answers `{ id, hasDocument, documentBytes }`; a refusal is an `ApiError`.
 */
import { ApiError, authHeader } from '@pwa/lib/api-client';

export interface DocumentAnswer {
  id: string;
  hasDocument: true;
  documentBytes: number;
}

export async function uploadDocument(lessonId: string, file: Blob): Promise<DocumentAnswer> {
  const response = await fetch(`/api/lessons/${encodeURIComponent(lessonId)}/document`, {
    method: 'PUT',
    headers: { ...authHeader(), 'Content-Type': 'application/pdf' },
    body: file,
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  return (await response.json()) as DocumentAnswer;
}
