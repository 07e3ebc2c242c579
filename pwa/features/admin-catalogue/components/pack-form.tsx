/** The webinar pack form (back-office spec §2, §5, §7): title, code, price and lead instructor required; stored as type webinar, category pack. */
import { Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import type { Course } from '@contracts/catalogue';
import { packFormSchema } from '@contracts/course-admin-forms';
import { useInstructors } from '@pwa/catalogue/api/instructors';
import type { DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormField } from '@pwa/components/form/form-field';
import { blankToNull, commonBody, commonValues, toInteger } from '../lib/course-form-values';
import { ActiveSwitch, FieldGroup, ImageField, TextAreaField } from './course-fields';
import { CourseDrafted, CourseFormShell, DescriptionEditor, useCourseForm } from './course-form-shell';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' },
});

type PackFormProps = { course?: Course; onDone: () => void };

export function PackForm(props: PackFormProps) {
  return (
    <CourseDrafted name="pack" course={props.course}>
      {(drafted) => <PackFormBody {...props} drafted={drafted} />}
    </CourseDrafted>
  );
}

function PackFormBody({ course, onDone, drafted }: PackFormProps & { drafted: DraftState }) {
  const styles = useStyles();
  const instructors = useInstructors();
  const { form, submit } = useCourseForm({
    kind: 'pack',
    course,
    drafted,
    schema: packFormSchema,
    opened: () => ({
      ...commonValues(course),
      code: course?.code ?? '',
      price: course?.price ?? '',
      instructorId: course?.instructorId ?? '',
      duration: course?.duration ? String(course.duration) : '',
    }),
    toBody: (values) => ({
      ...commonBody(values),
      ...(course ? {} : { code: values.code.trim() }),
      type: 'webinar',
      category: 'pack',
      price: values.price.trim(),
      instructorId: values.instructorId,
      duration: toInteger(values.duration),
      shortDescription: blankToNull(values.shortDescription),
    }),
    onSaved: onDone,
  });
  const lead = form.inputProps('instructorId');
  return (
    <CourseFormShell course={course} drafted={drafted} what="webinar pack" submit={submit} className={styles.form}>
      <FieldGroup legend="Pack Details">
        <FormField form={form} name="title" label="Title" required />
        <div className={styles.row}>
          <FormField
            form={form}
            name="code"
            label="Course Code"
            required
            readOnly={!!course}
            hint={course ? 'Code cannot be changed after creation' : undefined}
          />
          <FormField form={form} name="price" label="Price ($)" required inputMode="decimal" />
        </div>
        <Field label="Lead Instructor" required {...form.fieldProps('instructorId')}>
          <Select
            name={lead.name}
            value={lead.value}
            ref={lead.ref as (element: HTMLSelectElement | null) => void}
            onChange={(_event, data) => form.setValue('instructorId', data.value)}
          >
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
      <DescriptionEditor form={form} />
      <FormButtons submit={course ? 'Save Changes' : 'Create Pack'} busy={form.busy} cancel={onDone} />
    </CourseFormShell>
  );
}
