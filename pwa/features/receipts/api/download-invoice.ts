/**
 * Invoices (issue 16): the buyer's (or an admin's) "Download Invoice" of a completed order, and
 * /success's "Download Receipt", authorised by the payment's client secret from the success
 * address (guests too). Both are the same PDF with the same invoice number.
 */
import { invoicePath, receiptPath } from '@contracts/document-paths';
import { downloadFile, type DownloadedFile } from '@pwa/lib/download-file';

export function downloadInvoice(orderId: string): Promise<DownloadedFile> {
  return downloadFile(invoicePath(orderId), `invoice-${orderId.slice(0, 8)}.pdf`);
}

export function downloadReceipt(paymentIntentId: string, clientSecret: string): Promise<DownloadedFile> {
  return downloadFile(receiptPath(paymentIntentId, clientSecret), 'receipt.pdf');
}
