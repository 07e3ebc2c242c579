/** "Credit note CN-2026-000001": downloads a refund's credit note PDF (/profile and the back office's orders). */
import { REFUND_TEXTS } from '@contracts/admin-orders';
import { DownloadIcon } from '@pwa/components/icons';
import { downloadCreditNote } from '../api/download-credit-note';
import { DownloadButton } from './download-button';

export function CreditNoteButton({ refundId, creditNoteNumber, compact }: { refundId: string; creditNoteNumber: string; compact?: boolean }) {
  return (
    <DownloadButton
      appearance={compact ? 'transparent' : 'secondary'}
      size={compact ? 'small' : undefined}
      icon={<DownloadIcon />}
      download={() => downloadCreditNote(refundId, creditNoteNumber)}
      failureTitle={compact ? 'Error' : 'Download Credit Note'}
      failureMessage="The credit note could not be downloaded. Please try again."
      aria-label={`Download ${REFUND_TEXTS.creditNote.toLowerCase()} ${creditNoteNumber}`}
    >
      {compact ? creditNoteNumber : `${REFUND_TEXTS.creditNote} ${creditNoteNumber}`}
    </DownloadButton>
  );
}
