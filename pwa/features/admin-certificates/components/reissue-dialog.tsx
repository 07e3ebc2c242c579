/**
 * "Reissue" on a certificate (issue 32, point 5, after a name correction): a confirmation, then
 * the write through the outbox — a new number with the holder's name now, the old certificate
 * marked as replaced. Reissue is disabled while it is sent; then the dialog closes and the toast
 * says what happened (or the server's refusal, e.g. a 409 for one already replaced).
 */
import { useState } from 'react';
import type { AdminCertificateDto } from '@contracts/certificates';
import { ConfirmDialog } from '@pwa/components/admin/confirm-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { certificateWrites, useCertificateWrite } from '../api/certificate-writes';

export const REISSUE_QUESTION = "Reissue with the holder's current name? The old certificate will be marked as replaced.";

export function ReissueDialog({ subject, onClose }: { subject: AdminCertificateDto | null; onClose: () => void }) {
  const dialog = useDialogSubject(subject);
  const write = useCertificateWrite();
  const [busy, setBusy] = useState(false);
  if (!dialog.mounted) return null;
  const shown = dialog.shown;

  const confirm = async () => {
    if (!subject || busy) return;
    setBusy(true);
    try {
      await write(
        certificateWrites.reissue(subject),
        `Certificate ${subject.number} reissued with the holder's current name; the old one is marked as replaced`,
        `Certificate ${subject.number} could not be reissued`,
      );
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={subject !== null}
      title={`Reissue certificate ${shown?.number ?? ''}`}
      text={REISSUE_QUESTION}
      confirmLabel={busy ? 'Reissuing...' : 'Reissue'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
