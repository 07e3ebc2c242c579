/**
 * The live seminar form (back-office spec §2, §5, §9): create at /admin/live-seminars/create and
 * edit at /admin/seminars/edit/:id (the spec's "coming soon" edit, built for real; it also edits a
 * seminar that has become a recorded seminar). Title, short description, instructor name, location
 * and start are required; a new seminar starts at 09:00 and ends at 17:00 the same day, lasts 480
 * minutes and seats 50.
 */
import { Card, makeStyles, tokens } from '@fluentui/react-components';
import type { Course } from '@contracts/catalogue';
import { COURSE_DEFAULTS } from '@contracts/course-admin';
import { seminarFormSchema } from '@contracts/course-admin-forms';
import type { DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormField } from '@pwa/components/form/form-field';
import { blankToNull, commonBody, commonValues, instructorBody, instructorValues, scheduleBody, scheduleValues, toInteger } from '../lib/course-form-values';
import { CREDIT_RULES_FIELD, creditRulesBody, creditRulesValue } from '../lib/credit-rules-form';
import { ActiveSwitch, CodeField, FieldGroup, ImageField, InstructorFields, ScheduleFields, TextAreaField } from './course-fields';
import { CourseDrafted, CourseFormShell, DescriptionEditor, useCourseForm } from './course-form-shell';
import { CreditRulesFields } from './credit-rules-fields';

const schema = seminarFormSchema.extend(CREDIT_RULES_FIELD);

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' },
});

type SeminarFormProps = { course?: Course; backTo: string; onSaved: (course: Course) => void };

export function SeminarForm(props: SeminarFormProps) {
  return (
    <CourseDrafted name="seminar" course={props.course}>
      {(drafted) => <SeminarFormBody {...props} drafted={drafted} />}
    </CourseDrafted>
  );
}

function SeminarFormBody({ course, backTo, onSaved, drafted }: SeminarFormProps & { drafted: DraftState }) {
  const styles = useStyles();
  const { form, submit } = useCourseForm({
    kind: course?.type === 'recorded_seminar' ? 'recordedSeminar' : 'seminar',
    course,
    drafted,
    schema,
    opened: () => ({
      ...commonValues(course),
      code: course?.code ?? '',
      location: course?.location ?? '',
      ...instructorValues(course),
      ...scheduleValues(course, COURSE_DEFAULTS.seminar),
      maxParticipants: course ? (course.maxParticipants === null ? '' : String(course.maxParticipants)) : String(COURSE_DEFAULTS.seminar.capacity),
      creditRules: creditRulesValue(course),
    }),
    toBody: (values) => ({
      ...commonBody(values),
      ...(course ? {} : { code: values.code.trim() || undefined, type: 'live_seminar' as const, price: '0' }),
      location: blankToNull(values.location),
      ...instructorBody(values),
      ...scheduleBody(values),
      maxParticipants: toInteger(values.maxParticipants),
      ...creditRulesBody(values.creditRules, course),
    }),
    onSaved,
  });

  return (
    <Card className={styles.card}>
      <CourseFormShell course={course} drafted={drafted} what="seminar" submit={submit} className={styles.card}>
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
        <CreditRulesFields form={form} />
        <DescriptionEditor form={form} />
        <FormButtons layout="page" submit={course ? 'Save Changes' : 'Create Seminar'} busy={form.busy} cancel={backTo} />
      </CourseFormShell>
    </Card>
  );
}
