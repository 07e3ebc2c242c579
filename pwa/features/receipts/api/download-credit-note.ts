/** A refund's credit note PDF (issue 29): for the order's buyer (/profile) and the back office's orders screen. */
import { creditNotePath } from '@contracts/admin-orders';
import { downloadFile, type DownloadedFile } from '@pwa/lib/download-file';

export function downloadCreditNote(refundId: string, creditNoteNumber: string): Promise<DownloadedFile> {
  return downloadFile(creditNotePath(refundId), `${creditNoteNumber}.pdf`);
}
