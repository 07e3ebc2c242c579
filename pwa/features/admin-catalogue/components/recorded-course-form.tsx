/** The recorded course form (back-office spec §2, §5, §7): title, short description and instructor name required. */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Course } from '@contracts/catalogue';
import { FORM_MESSAGES, recordedCourseFormSchema } from '@contracts/course-admin-forms';
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
import { blankToNull, commonBody, commonValues, instructorBody, instructorValues, toInteger } from '../lib/course-form-values';
import { ActiveSwitch, FieldGroup, ImageField, InstructorFields, TextAreaField } from './course-fields';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

export function RecordedCourseForm(props: { course?: Course; onDone: () => void }) {
  const draftKey = `recorded:${props.course?.id ?? 'new'}`;
  return <Drafted draftKey={draftKey}>{(draft, discard) => <RecordedCourseFormBody {...props} draftKey={draftKey} draft={draft} onDiscard={discard} />}</Drafted>;
}

function RecordedCourseFormBody({ course, onDone, draftKey, draft, onDiscard }: { course?: Course; onDone: () => void; draftKey: string; draft: Draft | null; onDiscard: () => void }) {
  const styles = useStyles();
  const validationToast = useValidationToast();
  const save = useSaveCourse('recordedCourse', course);
  const [opened] = useState(() => ({
    ...commonValues(course),
    category: course?.category ?? '',
    duration: course?.duration ? String(course.duration) : '',
    ...instructorValues(course),
  }));
  const form = useZodForm(recordedCourseFormSchema, restored(opened, draft));
  const draftSaved = useDraftAutosave(draftKey, form.values, opened, course?.version);
  const submit = form.handleSubmit(
    async (values) => {
      const saved = await save({
        ...commonBody(values),
        ...(course ? {} : { type: 'recorded_course' as const, price: '0' }),
        category: blankToNull(values.category),
        duration: toInteger(values.duration),
        ...instructorBody(values),
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
      {course ? <ConflictNotice entity={courseEntity(course.id)} what="course" onSettled={onDiscard} /> : null}
      <DraftNotice draft={draft} version={course?.version} onDiscard={onDiscard} />
      <FieldGroup legend="Basic Information">
        <FormField form={form} name="title" label="Title" required />
        <TextAreaField form={form} name="shortDescription" label="Short Description" required />
        <div className={styles.row}>
          <FormField form={form} name="category" label="Category" />
          <FormField form={form} name="duration" label="Duration (minutes)" inputMode="numeric" />
        </div>
        <ImageField form={form} name="image" label="Course Image" />
        <ActiveSwitch form={form} />
      </FieldGroup>
      <InstructorFields form={form} />
      <LazyRichTextEditor label="Detailed Description" value={form.values.description} onChange={(html) => form.setValue('description', html)} />
      <div className={styles.actions}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" appearance="primary" disabled={form.busy}>
          {course ? 'Save Changes' : 'Create Course'}
        </Button>
      </div>
    </form>
  );
}
