/** The instructor dialog's form (/admin/instructors): name required; title, bio and photo optional. */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { Instructor } from '@contracts/catalogue';
import { instructorFormSchema } from '@contracts/course-admin-forms';
import { FormField } from '@pwa/components/form/form-field';
import { DraftNotice, Drafted, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { useCreateInstructor } from '../api/create-instructor';
import { useUpdateInstructor } from '../api/update-instructor';
import { blankToNull } from '../lib/course-form-values';
import { ImageField, TextAreaField } from './course-fields';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

type InstructorFormProps = { instructor?: Instructor; onDone: () => void };

export function InstructorForm(props: InstructorFormProps) {
  return <Drafted draftKey={`instructor:${props.instructor?.id ?? 'new'}`}>{(drafted) => <InstructorFormBody {...props} drafted={drafted} />}</Drafted>;
}

function InstructorFormBody({ instructor, onDone, drafted }: InstructorFormProps & { drafted: DraftState }) {
  const styles = useStyles();
  const notify = useNotify();
  const create = useCreateInstructor();
  const update = useUpdateInstructor();
  const { form, draftSaved } = useDraftedForm(instructorFormSchema, drafted, () => ({
    name: instructor?.name ?? '',
    title: instructor?.title ?? '',
    bio: instructor?.bio ?? '',
    image: instructor?.image ?? '',
  }));
  const submit = form.handleSubmit(async (values) => {
    const body = { name: values.name.trim(), title: blankToNull(values.title), bio: blankToNull(values.bio), image: blankToNull(values.image) };
    try {
      if (instructor) await update.mutateAsync({ id: instructor.id, body });
      else await create.mutateAsync(body);
      notify(success(instructor ? 'Instructor updated successfully' : 'Instructor created successfully'));
      await draftSaved();
      onDone();
    } catch (error) {
      notify(failure(error, instructor ? 'Failed to update instructor' : 'Failed to create instructor'));
    }
  });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <DraftNotice draft={drafted.draft} onDiscard={drafted.onDiscard} />
      <FormField form={form} name="name" label="Name" required />
      <FormField form={form} name="title" label="Title" />
      <TextAreaField form={form} name="bio" label="Bio" rows={4} />
      <ImageField form={form} name="image" label="Photo" />
      <FormButtons submit={instructor ? 'Save Changes' : 'Create Instructor'} busy={form.busy} cancel={onDone} />
    </form>
  );
}
