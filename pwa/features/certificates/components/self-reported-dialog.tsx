/**
 * "Add a certificate from elsewhere" (My credits): what it is, who issued it, when, its credits
 * (one type) and its PDF, which is required. The server checks everything again; its refusal is
 * shown in the dialog, and a refused PDF leaves nothing behind.
 */
import { Button, Field, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useRef, useState } from 'react';
import { SELF_REPORTED_MESSAGES } from '@contracts/credits-wallet';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { ApiError } from '@pwa/lib/api-client';
import { useNotify } from '@pwa/lib/notify';
import { useAddSelfReported } from '../api/credits-wallet';
import { EMPTY_SELF_REPORTED, selfReportedBody, selfReportedFormSchema } from '../lib/self-reported-form';
import { CreditKindOptions } from '@pwa/components/form/credit-kind-options';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))' },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export function SelfReportedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const add = useAddSelfReported();
  const form = useZodForm(selfReportedFormSchema, EMPTY_SELF_REPORTED);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const close = () => {
    form.reset();
    setFile(null);
    setFileError(undefined);
    setRefusal(undefined);
    onClose();
  };

  const submit = form.handleSubmit(
    async (data) => {
      if (!file) {
        setFileError(SELF_REPORTED_MESSAGES.notPdf);
        fileInput.current?.focus();
        return;
      }
      setRefusal(undefined);
      try {
        await add.mutateAsync({ input: selfReportedBody(data), pdf: file });
        notify({ title: 'Certificate added', description: `${data.title} is in your credits, marked self-reported.`, variant: 'success' });
        close();
      } catch (error) {
        setRefusal(error instanceof ApiError && error.status < 500 ? error.serverMessage : 'It could not be added. Check your connection and try again.');
      }
    },
    () => setFileError(file ? undefined : SELF_REPORTED_MESSAGES.notPdf),
  );

  return (
    <FormDialog open={open} title="Add a certificate from elsewhere" onClose={close}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Add a certificate from elsewhere">
        <Text>It is listed in your credits marked “self-reported”, with the PDF you attach.</Text>
        <FormField form={form} name="title" label="Course title" required />
        <FormField form={form} name="provider" label="Issued by" required />
        <div className={styles.row}>
          <FormField form={form} name="completedOn" label="Completed on" required type="date" />
          <FormField form={form} name="certificateNumber" label="Certificate number" />
        </div>
        <div className={styles.row}>
          <Field label="Credit type" required {...form.fieldProps('kind')}>
            <Select value={form.values.kind} onChange={(_e, data) => form.setValue('kind', data.value)}>
              <CreditKindOptions />
            </Select>
          </Field>
          <FormField form={form} name="amount" label="Credits" required inputMode="decimal" />
          <FormField form={form} name="fieldOfStudy" label="Field of study" />
        </div>
        <Field
          label={{ children: 'Certificate (PDF)', htmlFor: fileId }}
          required
          validationState={fileError ? 'error' : 'none'}
          validationMessage={{ children: fileError, id: `${fileId}-message` }}
        >
          <input
            id={fileId}
            aria-describedby={fileError ? `${fileId}-message` : undefined}
            aria-invalid={fileError ? true : undefined}
            ref={fileInput}
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(undefined);
            }}
          />
        </Field>
        {refusal ? (
          <Text role="alert" className={styles.error}>
            {refusal}
          </Text>
        ) : null}
        <div className={styles.actions}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" appearance="primary" disabled={form.busy} aria-busy={form.busy || undefined}>
            {form.busy ? 'Adding…' : 'Add certificate'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
