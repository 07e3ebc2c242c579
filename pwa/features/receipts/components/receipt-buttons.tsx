/** The spec's download buttons (storefront spec §2 Success and Profile), now real (issue 16). */
import { DownloadIcon } from '@pwa/components/icons';
import { downloadCalendar } from '../api/download-calendar';
import { downloadInvoice, downloadReceipt } from '../api/download-invoice';
import { DownloadButton } from './download-button';

/** /profile, per completed order. */
export function DownloadInvoiceButton({ orderId }: { orderId: string }) {
  return (
    <DownloadButton
      download={() => downloadInvoice(orderId)}
      failureTitle="Download Invoice"
      failureMessage="The invoice could not be downloaded. Please try again."
    >
      Download Invoice
    </DownloadButton>
  );
}

/** /success: the payment's receipt, authorised by the client secret from the success address. */
export function DownloadReceiptButton({ paymentIntentId, clientSecret }: { paymentIntentId: string; clientSecret: string }) {
  return (
    <DownloadButton
      icon={<DownloadIcon />}
      download={() => downloadReceipt(paymentIntentId, clientSecret)}
      failureTitle="Download Receipt"
      failureMessage="The receipt could not be downloaded. Please try again."
    >
      Download Receipt
    </DownloadButton>
  );
}

/** The course page (enrolled buyers) and /profile: the live session as an .ics file. */
export function AddToCalendarButton({ courseId, appearance }: { courseId: string; appearance?: 'primary' | 'secondary' }) {
  return (
    <DownloadButton
      appearance={appearance}
      download={() => downloadCalendar(courseId)}
      failureTitle="Add to calendar"
      failureMessage="The calendar file could not be downloaded. Please try again."
    >
      Add to calendar
    </DownloadButton>
  );
}

/** The back office's orders table: a completed order's invoice. */
export function InvoiceLink({ orderId }: { orderId: string }) {
  return (
    <DownloadButton
      appearance="transparent"
      size="small"
      icon={<DownloadIcon />}
      download={() => downloadInvoice(orderId)}
      failureTitle="Error"
      failureMessage="Failed to download the invoice"
      aria-label={`Download the invoice of order ${orderId.slice(-8)}`}
    >
      Invoice
    </DownloadButton>
  );
}
