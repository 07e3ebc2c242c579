/**
 * The live seminar form (back-office spec §2, §5, §9): create at /admin/live-seminars/create and
 * edit at /admin/seminars/edit/:id (the spec's "coming soon" edit, built for real; it also edits a
 * seminar that has become a recorded seminar). Title, short description, instructor name, location
 * and start are required; a new seminar starts at 09:00 and ends at 17:00 the same day, lasts 480
 * minutes and seats 50.
 */
import { Button, Card, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Course } from '@contracts/catalogue';
import { COURSE_DEFAULTS } from '@contracts/course-admin';
import { FORM_MESSAGES, seminarFormSchema } from '@contracts/course-admin-forms';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { ConflictNotice } from '@pwa/components/admin/conflict-notice';
import { DraftNotice, Drafted } from '@pwa/components/admin/drafted';
import { courseEntity } from '../api/catalogue-write';
import type { Draft } from '@pwa/offline/back-office/admin-db';
import { restored, useDraftAutosave } from '@pwa/offline/back-office/drafts';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { LazyRichTextEditor } from '@pwa/components/rich-text-editor/lazy-rich-text-editor';
import { useValidationToast } from '@pwa/lib/toasts';
import { useSaveCourse } from '../hooks/use-save-course';
import { blankToNull, commonBody, commonValues, instructorBody, instructorValues, scheduleBody, scheduleValues, toInteger } from '../lib/course-form-values';
import { ActiveSwitch, CodeField, FieldGroup, ImageField, InstructorFields, ScheduleFields, TextAreaField } from './course-fields';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function SeminarForm(props: { course?: Course; backTo: string; onSaved: (course: Course) => void }) {
  const draftKey = `seminar:${props.course?.id ?? 'new'}`;
  return <Drafted draftKey={draftKey}>{(draft, discard) => <SeminarFormBody {...props} draftKey={draftKey} draft={draft} onDiscard={discard} />}</Drafted>;
}

function SeminarFormBody({ course, backTo, onSaved, draftKey, draft, onDiscard }: { course?: Course; backTo: string; onSaved: (course: Course) => void; draftKey: string; draft: Draft | null; onDiscard: () => void }) {
  const styles = useStyles();
  const validationToast = useValidationToast();
  const recorded = course?.type === 'recorded_seminar';
  const save = useSaveCourse(recorded ? 'recordedSeminar' : 'seminar', course);
  const [opened] = useState(() => ({
    ...commonValues(course),
    code: course?.code ?? '',
    location: course?.location ?? '',
    ...instructorValues(course),
    ...scheduleValues(course, COURSE_DEFAULTS.seminar),
    maxParticipants: course ? (course.maxParticipants === null ? '' : String(course.maxParticipants)) : String(COURSE_DEFAULTS.seminar.capacity),
  }));
  const form = useZodForm(seminarFormSchema, restored(opened, draft));
  const draftSaved = useDraftAutosave(draftKey, form.values, opened, course?.version);

  const submit = form.handleSubmit(
    async (values) => {
      const saved = await save({
        ...commonBody(values),
        ...(course ? {} : { code: values.code.trim() || undefined, type: 'live_seminar' as const, price: '0' }),
        location: blankToNull(values.location),
        ...instructorBody(values),
        ...scheduleBody(values),
        maxParticipants: toInteger(values.maxParticipants),
      });
      if (saved) {
        await draftSaved();
        onSaved(saved);
      }
    },
    () => validationToast(FORM_MESSAGES.pageRequired),
  );

  return (
    <Card className={styles.card}>
      <form onSubmit={submit} noValidate className={styles.card}>
        {course ? <ConflictNotice entity={courseEntity(course.id)} what="seminar" onSettled={onDiscard} /> : null}
        <DraftNotice draft={draft} version={course?.version} onDiscard={onDiscard} />
        <FieldGroup legend="Basic Information">
          <FormField form={form} name="title" label="Title" required />
          <TextAreaField form={form} name="shortDescription" label="Short Description" required />
          <div className={styles.row}>
            <CodeField form={form} prefix="SEM" fixed={!!course} />
            <FormField form={form} name="location" label="Location" required />
          </div>
          <div className={styles.row}>
            <FormField form={form} name="maxParticipants" label="Capacity" inputMode="numeric" />
            <ImageField form={form} name="image" label="Course Image" />
          </div>
          <ActiveSwitch form={form} />
        </FieldGroup>
        <InstructorFields form={form} />
        <ScheduleFields form={form} endHint="Leave empty for a single-day event (ends at the end time the same day)" />
        <LazyRichTextEditor label="Detailed Description" value={form.values.description} onChange={(html) => form.setValue('description', html)} />
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={form.busy}>
            {course ? 'Save Changes' : 'Create Seminar'}
          </Button>
          <ButtonLink to={backTo}>Cancel</ButtonLink>
        </div>
      </form>
    </Card>
  );
}
