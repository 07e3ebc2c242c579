/**
 * The field groups the course forms share (back-office spec §2, §9): the code with "Generate" (or
 * read-only once created), the image (uploaded by the shared picker), instructor, schedule (dates and times in the course's
 * own zone, duration, the eight time zones), capacity, a long text, the active switch. Each is
 * bound to a `useZodForm` whose schema (contracts/course-admin-forms.ts) has those fields.
 */
import { Button, Field, Select, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { TIME_ZONES } from '@contracts/catalogue';
import { FormField } from '@pwa/components/form/form-field';
import { ImageUpload } from '@pwa/components/image-upload/image-upload';
import type { ZodForm } from '@pwa/components/form/use-zod-form';
import { useNotify } from '@pwa/lib/notify';
import { failure } from '@pwa/lib/toasts';
import { getCourseCode } from '../api/get-course-code';

type FormWith<N extends string> = Pick<ZodForm<Record<N, never>, unknown>, 'fieldProps' | 'inputProps' | 'values' | 'setValue'>;

const useStyles = makeStyles({
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' },
  code: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', '& > :first-child': { flexGrow: 1 } },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, marginBottom: tokens.spacingVerticalS, padding: 0 },
});

/** A titled group of fields. */
export function FieldGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  const styles = useStyles();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

export function TextAreaField<N extends string>({
  form,
  name,
  label,
  required,
  rows = 3,
}: {
  form: FormWith<N>;
  name: N;
  label: string;
  required?: boolean;
  rows?: number;
}) {
  const { ref, ...input } = form.inputProps(name);
  return (
    <Field label={label} required={required} {...form.fieldProps(name)}>
      <Textarea {...input} ref={ref as (element: HTMLTextAreaElement | null) => void} rows={rows} resize="vertical" />
    </Field>
  );
}

/** The course code: "Generate" asks the server for a free LIVE/SEM code; once created it cannot change. */
export function CodeField<N extends 'code'>({
  form,
  prefix,
  fixed,
  required,
}: {
  form: FormWith<N>;
  prefix: 'LIVE' | 'SEM';
  fixed: boolean;
  required?: boolean;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (fixed) return <FormField form={form} name={'code' as N} label="Course Code" readOnly hint="Code cannot be changed after creation" />;
  return (
    <div className={styles.code}>
      <FormField
        form={form}
        name={'code' as N}
        label="Course Code"
        required={required}
        hint={required ? undefined : 'Leave empty to have one generated when saving'}
      />
      <Button
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            form.setValue('code' as N, await getCourseCode(prefix));
          } catch (error) {
            notify(failure(error, 'Could not generate a course code'));
          } finally {
            setBusy(false);
          }
        }}
      >
        Generate
      </Button>
    </div>
  );
}

/** An image of the form: picked or dropped, uploaded (components/image-upload), its stored path kept in the field. */
export function ImageField<N extends string>({ form, name, label }: { form: FormWith<N>; name: N; label: string }) {
  return <ImageUpload label={label} value={String(form.values[name] ?? '')} onChange={(path) => form.setValue(name, path)} />;
}

type InstructorNames = 'instructorName' | 'instructorTitle' | 'instructorBio' | 'instructorImage';

export function InstructorFields<N extends InstructorNames>({ form }: { form: FormWith<N> }) {
  const styles = useStyles();
  return (
    <FieldGroup legend="Instructor">
      <div className={styles.row}>
        <FormField form={form} name={'instructorName' as N} label="Instructor Name" required />
        <FormField form={form} name={'instructorTitle' as N} label="Instructor Title" />
      </div>
      <TextAreaField form={form} name={'instructorBio' as N} label="Instructor Bio" />
      <ImageField form={form} name={'instructorImage' as N} label="Instructor Photo" />
    </FieldGroup>
  );
}

type ScheduleNames = 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'duration' | 'timezone';

export function ScheduleFields<N extends ScheduleNames>({ form, endHint }: { form: FormWith<N>; endHint?: string }) {
  const styles = useStyles();
  const zone = form.inputProps('timezone' as N);
  return (
    <FieldGroup legend="Schedule">
      <div className={styles.row}>
        <FormField form={form} name={'startDate' as N} label="Start Date" type="date" required />
        <FormField form={form} name={'startTime' as N} label="Start Time" type="time" required />
      </div>
      <div className={styles.row}>
        <FormField form={form} name={'endDate' as N} label="End Date" type="date" hint={endHint} />
        <FormField form={form} name={'endTime' as N} label="End Time" type="time" />
      </div>
      <div className={styles.row}>
        <FormField form={form} name={'duration' as N} label="Duration (minutes)" inputMode="numeric" />
        <Field label="Timezone" {...form.fieldProps('timezone' as N)}>
          <Select name={zone.name} value={zone.value} onChange={(_event, data) => form.setValue('timezone' as N, data.value)}>
            {TIME_ZONES.map((tz) => (
              <option key={tz} value={tz}>
                {tz}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </FieldGroup>
  );
}

export function ActiveSwitch<N extends 'isActive'>({ form }: { form: FormWith<N> }) {
  return (
    <Switch
      label="Active (shown on the storefront)"
      checked={form.values['isActive' as N] === 'true'}
      onChange={(_event, data) => form.setValue('isActive' as N, data.checked ? 'true' : 'false')}
    />
  );
}
