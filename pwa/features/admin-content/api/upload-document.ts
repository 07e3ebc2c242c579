/**
 * PUT /api/lessons/:id/document: a document lesson's PDF (`putPdf`: sent now or not at all, so
 * offline the screen says it needs the connection). Answers `{ id, hasDocument, documentBytes }`;
 * a refusal is an `ApiError`.
 */
import { putPdf } from '@pwa/lib/put-pdf';

export interface DocumentAnswer {
  id: string;
  hasDocument: true;
  documentBytes: number;
}

export const uploadDocument = (lessonId: string, file: Blob) => putPdf<DocumentAnswer>(`/api/lessons/${encodeURIComponent(lessonId)}/document`, file);
