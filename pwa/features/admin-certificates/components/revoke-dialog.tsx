/**
 * "Revoke" on a certificate (issue 32, point 5): a dialog asking why (3 to 500 characters, the
 * contract's words). Sent through the outbox; Revoke is disabled while it is sent; the server's
 * refusal (its 400, or a 409: already revoked) is shown at the reason and the dialog stays open.
 * Done, the list is read again and a toast says so.
 */
import { Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { revokeCertificateSchema, type AdminCertificateDto } from '@contracts/certificates';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { certificateWrites, useCertificateWrite } from '../api/certificate-writes';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

function RevokeForm({ certificate, onClose }: { certificate: AdminCertificateDto; onClose: () => void }) {
  const styles = useStyles();
  const write = useCertificateWrite();
  const form = useZodForm(revokeCertificateSchema, { reason: '' });
  const [refused, setRefused] = useState<string | null>(null);
  const reason = form.fieldProps('reason');
  const shown = !form.errors.reason && refused ? { validationState: 'error' as const, validationMessage: refused } : reason;

  const submit = form.handleSubmit(async ({ reason: why }) => {
    setRefused(null);
    const outcome = await write(
      certificateWrites.revoke(certificate, why),
      `Certificate ${certificate.number} revoked`,
      `Certificate ${certificate.number} could not be revoked`,
    );
    if (outcome.kind === 'refused') setRefused(outcome.message ?? `Certificate ${certificate.number} could not be revoked`);
    else onClose();
  });

  const input = form.inputProps('reason');
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>
        {certificate.holderName}, {certificate.courseTitle}. The holder is told by e-mail, and the verify page shows the reason at once.
      </p>
      <Field label="Reason" required hint="At least 3 characters; the holder and anyone who checks the number read it." {...shown}>
        <Textarea
          {...input}
          onChange={(_event, data) => {
            setRefused(null);
            input.onChange(_event, data);
          }}
          maxLength={500}
          resize="vertical"
        />
      </Field>
      <FormButtons submit={form.busy ? 'Revoking...' : 'Revoke certificate'} busy={form.busy} cancel={onClose} />
    </form>
  );
}

/** The dialog for the certificate in `subject` (null: closed; mounted on first use, a fresh form per certificate). */
export function RevokeDialog({ subject, onClose }: { subject: AdminCertificateDto | null; onClose: () => void }) {
  const dialog = useDialogSubject(subject);
  if (!dialog.mounted) return null;
  const shown = dialog.shown;
  return (
    <FormDialog open={subject !== null} title={`Revoke certificate ${shown?.number ?? ''}`} onClose={onClose}>
      {shown && subject ? <RevokeForm key={shown.id} certificate={shown} onClose={onClose} /> : null}
    </FormDialog>
  );
}
