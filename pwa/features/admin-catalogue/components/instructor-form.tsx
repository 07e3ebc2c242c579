/** The instructor dialog's form (/admin/instructors): name required; title, bio and photo optional. */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { Instructor } from '@contracts/catalogue';
import { instructorFormSchema } from '@contracts/course-admin-forms';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { useNotify } from '@pwa/lib/notify';
import { useCreateInstructor } from '../api/create-instructor';
import { useUpdateInstructor } from '../api/update-instructor';
import { blankToNull } from '../lib/course-form-values';
import { failure, success } from '../lib/course-toasts';
import { ImageField, TextAreaField } from './course-fields';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

export function InstructorForm({ instructor, onDone }: { instructor?: Instructor; onDone: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const create = useCreateInstructor();
  const update = useUpdateInstructor();
  const form = useZodForm(instructorFormSchema, { name: instructor?.name ?? '', title: instructor?.title ?? '', bio: instructor?.bio ?? '', image: instructor?.image ?? '' });
  const submit = form.handleSubmit(async (values) => {
    const body = { name: values.name.trim(), title: blankToNull(values.title), bio: blankToNull(values.bio), image: blankToNull(values.image) };
    try {
      if (instructor) await update.mutateAsync({ id: instructor.id, body });
      else await create.mutateAsync(body);
      notify(success(instructor ? 'Instructor updated successfully' : 'Instructor created successfully'));
      onDone();
    } catch (error) {
      notify(failure(error, instructor ? 'Failed to update instructor' : 'Failed to create instructor'));
    }
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormField form={form} name="name" label="Name" required />
      <FormField form={form} name="title" label="Title" />
      <TextAreaField form={form} name="bio" label="Bio" rows={4} />
      <ImageField form={form} name="image" label="Photo" />
      <div className={styles.actions}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" appearance="primary" disabled={form.busy}>
          {instructor ? 'Save Changes' : 'Create Instructor'}
        </Button>
      </div>
    </form>
  );
}
