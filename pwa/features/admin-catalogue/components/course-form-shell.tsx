/**
 * What the course forms share (the seminar form, the recorded-course and webinar-pack forms, the
 * full-screen webinar editor; back-office spec §2, §5, §8): the draft kept on this device and its
 * notice, the conflict notice of a course being edited, the save (create or update with the
 * kind's toasts, then the draft cleared), the "Validation Error" toast, and the rich-text
 * description. A form declares only its fields, its values and its body:
 *
 *   <CourseDrafted name="pack" course={course}>{(drafted) => <PackFormBody drafted={drafted} … />}</CourseDrafted>
 *   const { form, submit } = useCourseForm({ kind: 'pack', course, drafted, schema, opened: () => …, toBody: (values) => …, onSaved });
 *   <CourseFormShell course={course} drafted={drafted} what="webinar pack" submit={submit}>…fields…</CourseFormShell>
 */
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import type { Course } from '@contracts/catalogue';
import type { CourseWrite } from '@contracts/course-admin';
import { FORM_MESSAGES } from '@contracts/course-admin-forms';
import { ConflictNotice } from '@pwa/components/admin/conflict-notice';
import { DraftNotice, Drafted, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import type { FieldErrors } from '@pwa/components/form/use-zod-form';
import { LazyRichTextEditor } from '@pwa/components/rich-text-editor/lazy-rich-text-editor';
import { useValidationToast } from '@pwa/lib/toasts';
import { courseEntity } from '../api/catalogue-write';
import { useSaveCourse } from '../hooks/use-save-course';
import type { ManagedKind } from '../lib/course-toasts';

type Shape = Record<string, z.ZodType>;

/** The course form's draft, kept under `name:id` (`name:new` for a new course). */
export function CourseDrafted({ name, course, children }: { name: string; course?: Course; children: (drafted: DraftState) => ReactNode }) {
  return <Drafted draftKey={`${name}:${course?.id ?? 'new'}`}>{children}</Drafted>;
}

export interface CourseFormOptions<S extends Shape> {
  kind: ManagedKind;
  /** The course being edited; none for a new one. */
  course?: Course;
  drafted: DraftState;
  schema: z.ZodObject<S>;
  /** The values the form opens with (read once). */
  opened: () => { [K in keyof S]: string };
  /** The API body of valid values. */
  toBody: (values: z.output<z.ZodObject<S>>) => CourseWrite;
  onSaved: (course: Course) => void;
  /** The "Validation Error" toast's text for these errors (default: the pages' "Please fill in all required fields"). */
  invalidMessage?: (errors: FieldErrors<S>) => string;
}

/** The form's values and its submit: validate (toast if invalid), save, clear the draft, `onSaved`. */
export function useCourseForm<S extends Shape>({ kind, course, drafted, schema, opened, toBody, onSaved, invalidMessage }: CourseFormOptions<S>) {
  const validationToast = useValidationToast();
  const save = useSaveCourse(kind, course);
  const { form, draftSaved } = useDraftedForm(schema, drafted, opened, course?.version);
  const submit = form.handleSubmit(
    async (values) => {
      const saved = await save(toBody(values));
      if (saved) {
        await draftSaved();
        onSaved(saved);
      }
    },
    (errors) => validationToast(invalidMessage?.(errors) ?? FORM_MESSAGES.pageRequired),
  );
  return { form, submit };
}

/** The `<form>`: `header` first, then the conflict and draft notices (`noticeClassName`), then the fields. */
export function CourseFormShell({
  course,
  drafted,
  what,
  submit,
  className,
  noticeClassName,
  header,
  children,
}: {
  course?: Course;
  drafted: DraftState;
  /** The course's kind, for people ("webinar pack"). */
  what: string;
  submit: (event?: FormEvent) => unknown;
  className?: string;
  noticeClassName?: string;
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className={className} onSubmit={submit} noValidate>
      {header}
      {course ? <ConflictNotice entity={courseEntity(course.id)} what={what} onSettled={drafted.onDiscard} className={noticeClassName} /> : null}
      <DraftNotice draft={drafted.draft} version={course?.version} onDiscard={drafted.onDiscard} className={noticeClassName} />
      {children}
    </form>
  );
}

/** The course's "Detailed Description", in the rich-text editor. */
export function DescriptionEditor({ form }: { form: { values: { description: string }; setValue: (name: 'description', value: string) => void } }) {
  return <LazyRichTextEditor label="Detailed Description" value={form.values.description} onChange={(html) => form.setValue('description', html)} />;
}
