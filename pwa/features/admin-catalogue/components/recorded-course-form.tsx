/** The recorded course form (back-office spec §2, §5, §7): title, short description and instructor name required. */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { Course } from '@contracts/catalogue';
import { recordedCourseFormSchema } from '@contracts/course-admin-forms';
import type { DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormField } from '@pwa/components/form/form-field';
import { blankToNull, commonBody, commonValues, instructorBody, instructorValues, toInteger } from '../lib/course-form-values';
import { CREDIT_RULES_FIELD, creditRulesBody, creditRulesValue } from '../lib/credit-rules-form';
import { ActiveSwitch, FieldGroup, ImageField, InstructorFields, TextAreaField } from './course-fields';
import { CourseDrafted, CourseFormShell, DescriptionEditor, useCourseForm } from './course-form-shell';
import { CreditRulesFields } from './credit-rules-fields';

const schema = recordedCourseFormSchema.extend(CREDIT_RULES_FIELD);

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' },
});

type RecordedCourseFormProps = { course?: Course; onDone: () => void };

export function RecordedCourseForm(props: RecordedCourseFormProps) {
  return (
    <CourseDrafted name="recorded" course={props.course}>
      {(drafted) => <RecordedCourseFormBody {...props} drafted={drafted} />}
    </CourseDrafted>
  );
}

function RecordedCourseFormBody({ course, onDone, drafted }: RecordedCourseFormProps & { drafted: DraftState }) {
  const styles = useStyles();
  const { form, submit } = useCourseForm({
    kind: 'recordedCourse',
    course,
    drafted,
    schema,
    opened: () => ({
      ...commonValues(course),
      category: course?.category ?? '',
      duration: course?.duration ? String(course.duration) : '',
      ...instructorValues(course),
      creditRules: creditRulesValue(course),
    }),
    toBody: (values) => ({
      ...commonBody(values),
      ...(course ? {} : { type: 'recorded_course' as const, price: '0' }),
      category: blankToNull(values.category),
      duration: toInteger(values.duration),
      ...instructorBody(values),
      ...creditRulesBody(values.creditRules, course),
    }),
    onSaved: onDone,
  });
  return (
    <CourseFormShell course={course} drafted={drafted} what="course" submit={submit} className={styles.form}>
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
      <CreditRulesFields form={form} />
      <DescriptionEditor form={form} />
      <FormButtons submit={course ? 'Save Changes' : 'Create Course'} busy={form.busy} cancel={onDone} />
    </CourseFormShell>
  );
}
