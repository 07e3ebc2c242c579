/**
 * The Certificate tab's form (issue 32, point 8): validity in months (empty: no expiry), the
 * refresher course (a select of every course but this one) and the fixed credits. Checked with the
 * contract's words before anything is sent; saved through the outbox (PUT
 * …/certificate-settings); a refusal from the server is shown at the field it is about (else
 * above the buttons), and cleared once that field changes.
 */
import { Button, Field, Input, MessageBar, MessageBarBody, Select } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { CertificateSettings } from '@contracts/certificates';
import { DraftNotice, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import { certificateWrites, useCertificateSettingsWrite } from '../api/certificate-writes';
import { useCourseOptions } from '../api/get-course-options';
import {
  fieldOfServerMessage,
  settingsFormSchema,
  settingsFormValues,
  toCertificateSettings,
  type SettingsField,
  type SettingsFormValues,
} from '../lib/settings-form';
import { CreditRowsFields } from './credit-rows-fields';
import { useCertificateStyles } from './certificates-styles';

export type SaveOutcome = 'saved' | 'kept' | null;

interface Refusal {
  field: SettingsField | null;
  message: string;
}

export function CertificateSettingsForm({
  courseId,
  settings,
  drafted,
  onOutcome,
}: {
  courseId: string;
  settings: CertificateSettings;
  drafted: DraftState;
  /** What the last save came to ("saved", kept on this device), or null once something is changed again. */
  onOutcome: (outcome: SaveOutcome) => void;
}) {
  const styles = useCertificateStyles();
  const write = useCertificateSettingsWrite(courseId);
  const courses = useCourseOptions();
  const { form, draftSaved } = useDraftedForm(settingsFormSchema, drafted, () => settingsFormValues(settings));
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const set = (name: SettingsField, value: string) => {
    if (refusal?.field === name || refusal?.field === null) setRefusal(null);
    onOutcome(null);
    form.setValue(name, value);
  };
  const shown = (name: SettingsField) =>
    !form.errors[name] && refusal?.field === name ? { validationState: 'error' as const, validationMessage: refusal.message } : form.fieldProps(name);

  // Every course but this one, by title; the chosen one is kept even before the list is there (or if it left the list).
  const options = useMemo(() => {
    const listed = (courses.data ?? [])
      .filter((course) => course.id !== courseId)
      .map((course) => ({ id: course.id, label: `${course.title} (${course.code})` }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base', numeric: true }));
    const chosen = form.values.refresherCourseId;
    if (chosen && !listed.some((option) => option.id === chosen))
      listed.unshift({ id: chosen, label: courses.data ? 'A course no longer listed' : 'Loading courses...' });
    return listed;
  }, [courses.data, courseId, form.values.refresherCourseId]);

  const submit = form.handleSubmit(async (values: SettingsFormValues) => {
    setRefusal(null);
    const outcome = await write(
      certificateWrites.settings(courseId, toCertificateSettings(values)),
      'Certificate settings saved',
      'The certificate settings could not be saved',
    );
    if (outcome.kind === 'refused') {
      const message = outcome.message ?? 'The certificate settings could not be saved';
      setRefusal({ field: fieldOfServerMessage(message), message });
      return;
    }
    onOutcome(outcome.kind === 'sent' ? 'saved' : 'kept');
    await draftSaved();
  });

  const validity = form.inputProps('validityMonths');
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Certificate settings">
      <DraftNotice draft={drafted.draft} onDiscard={drafted.onDiscard} />
      <div className={styles.row}>
        <Field label="Valid for (months)" hint="Leave empty: the certificate does not expire." {...shown('validityMonths')}>
          <Input {...validity} inputMode="numeric" onChange={(_event, data) => set('validityMonths', data.value)} />
        </Field>
        <Field
          label="Refresher course"
          hint={courses.isError ? 'The courses could not be loaded.' : 'Offered to holders when their certificate is about to expire.'}
          {...shown('refresherCourseId')}
        >
          <Select value={form.values.refresherCourseId} onChange={(_event, data) => set('refresherCourseId', data.value)}>
            <option value="">No refresher course</option>
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <fieldset className={styles.fieldset} aria-describedby={`certificate-credits-hint-${courseId}`}>
        <legend className={styles.legend}>Fixed credits</legend>
        <p id={`certificate-credits-hint-${courseId}`} className={styles.meta}>
          For self-study courses: every certificate of the course carries these credits. Live courses take theirs from attendance.
        </p>
        <CreditRowsFields
          value={form.values.credits}
          onChange={(value) => set('credits', value)}
          showProblems={form.errors.credits !== undefined}
          focusRef={form.inputProps('credits').ref}
        />
        {refusal?.field === 'credits' ? (
          <MessageBar intent="error">
            <MessageBarBody>{refusal.message}</MessageBarBody>
          </MessageBar>
        ) : null}
      </fieldset>
      {refusal && refusal.field === null ? (
        <MessageBar intent="error">
          <MessageBarBody>{refusal.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={form.busy}>
          {form.busy ? 'Saving...' : 'Save certificate settings'}
        </Button>
      </div>
    </form>
  );
}
