/** The webinar pack form (back-office spec §2, §5, §7): title, code, price and lead instructor required; stored as type webinar, category pack. */
import { Button, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Course } from '@contracts/catalogue';
import { FORM_MESSAGES, packFormSchema } from '@contracts/course-admin-forms';
import { useInstructors } from '@pwa/catalogue/api/instructors';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { ConflictNotice } from '@pwa/components/admin/conflict-notice';
import { DraftNotice, Drafted } from '@pwa/components/admin/drafted';
import { courseEntity } from '../api/catalogue-write';
import type { Draft } from '@pwa/offline/back-office/admin-db';
import { restored, useDraftAutosave } from '@pwa/offline/back-office/drafts';
import { LazyRichTextEditor } from '@pwa/components/rich-text-editor/lazy-rich-text-editor';
import { useValidationToast } from '@pwa/lib/toasts';
import { useSaveCourse } from '../hooks/use-save-course';
import { blankToNull, commonBody, commonValues, toInteger } from '../lib/course-form-values';
import { ActiveSwitch, FieldGroup, ImageField, TextAreaField } from './course-fields';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

export function PackForm(props: { course?: Course; onDone: () => void }) {
  const draftKey = `pack:${props.course?.id ?? 'new'}`;
  return <Drafted draftKey={draftKey}>{(draft, discard) => <PackFormBody {...props} draftKey={draftKey} draft={draft} onDiscard={discard} />}</Drafted>;
}

function PackFormBody({ course, onDone, draftKey, draft, onDiscard }: { course?: Course; onDone: () => void; draftKey: string; draft: Draft | null; onDiscard: () => void }) {
  const styles = useStyles();
  const validationToast = useValidationToast();
  const save = useSaveCourse('pack', course);
  const instructors = useInstructors();
  const [opened] = useState(() => ({
    ...commonValues(course),
    code: course?.code ?? '',
    price: course?.price ?? '',
    instructorId: course?.instructorId ?? '',
    duration: course?.duration ? String(course.duration) : '',
  }));
  const form = useZodForm(packFormSchema, restored(opened, draft));
  const draftSaved = useDraftAutosave(draftKey, form.values, opened, course?.version);
  const lead = form.inputProps('instructorId');
  const submit = form.handleSubmit(
    async (values) => {
      const saved = await save({
        ...commonBody(values),
        ...(course ? {} : { code: values.code.trim() }),
        type: 'webinar',
        category: 'pack',
        price: values.price.trim(),
        instructorId: values.instructorId,
        duration: toInteger(values.duration),
        shortDescription: blankToNull(values.shortDescription),
      });
      if (saved) {
        await draftSaved();
        onDone();
      }
    },
    () => validationToast(FORM_MESSAGES.pageRequired),
  );
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {course ? <ConflictNotice entity={courseEntity(course.id)} what="webinar pack" onSettled={onDiscard} /> : null}
      <DraftNotice draft={draft} version={course?.version} onDiscard={onDiscard} />
      <FieldGroup legend="Pack Details">
        <FormField form={form} name="title" label="Title" required />
        <div className={styles.row}>
          <FormField form={form} name="code" label="Course Code" required readOnly={!!course} hint={course ? 'Code cannot be changed after creation' : undefined} />
          <FormField form={form} name="price" label="Price ($)" required inputMode="decimal" />
        </div>
        <Field label="Lead Instructor" required {...form.fieldProps('instructorId')}>
          <Select name={lead.name} value={lead.value} ref={lead.ref as (element: HTMLSelectElement | null) => void} onChange={(_event, data) => form.setValue('instructorId', data.value)}>
            <option value="">Select an instructor</option>
            {(instructors.data ?? []).map((instructor) => (
              <option key={instructor.id} value={instructor.id}>
                {instructor.name}
              </option>
            ))}
          </Select>
        </Field>
        <TextAreaField form={form} name="shortDescription" label="Short Description" />
        <div className={styles.row}>
          <FormField form={form} name="duration" label="Duration (minutes)" inputMode="numeric" hint="Leave empty for Variable" />
          <ImageField form={form} name="image" label="Pack Image" />
        </div>
        <ActiveSwitch form={form} />
      </FieldGroup>
      <LazyRichTextEditor label="Detailed Description" value={form.values.description} onChange={(html) => form.setValue('description', html)} />
      <div className={styles.actions}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" appearance="primary" disabled={form.busy}>
          {course ? 'Save Changes' : 'Create Pack'}
        </Button>
      </div>
    </form>
  );
}
