/**
 * A lesson's PDF handout: GET /api/lessons/:id/document (with the bearer token) answers 303 to a
 * short-lived signed address, which fetch follows; the PDF is handed to the browser from the bytes
 * received (a blob), so the signed address itself is never shown or kept. 403 with the server's message when the
 * material comes with another tier.
 */
import { apiRequest } from '@pwa/lib/api-client';
import { orFromDownload } from '../offline/from-download';

export async function downloadDocument(lessonId: string, title: string): Promise<void> {
  // Out of reach: the handout downloaded on this device (issue 34), served by the service worker.
  const response = await orFromDownload(
    () => apiRequest('GET', `/api/lessons/${encodeURIComponent(lessonId)}/document`),
    async (kept) => {
      const path = await kept.offlineDocument(lessonId);
      const stored = path ? await fetch(path) : null;
      return stored?.ok ? stored : null;
    },
  );
  const blob = await response.blob();
  const href = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = `${title.replace(/[^\w .-]+/g, '').trim() || 'handout'}.pdf`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
