/** The instructor dialog's form (/admin/instructors): name required; title, bio and photo optional. */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { Instructor } from '@contracts/catalogue';
import { instructorFormSchema } from '@contracts/course-admin-forms';
import { FormField } from '@pwa/components/form/form-field';
import { useState } from 'react';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { DraftNotice, Drafted } from '@pwa/components/admin/drafted';
import type { Draft } from '@pwa/offline/back-office/admin-db';
import { restored, useDraftAutosave } from '@pwa/offline/back-office/drafts';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { useCreateInstructor } from '../api/create-instructor';
import { useUpdateInstructor } from '../api/update-instructor';
import { blankToNull } from '../lib/course-form-values';
import { ImageField, TextAreaField } from './course-fields';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

export function InstructorForm(props: { instructor?: Instructor; onDone: () => void }) {
  const draftKey = `instructor:${props.instructor?.id ?? 'new'}`;
  return <Drafted draftKey={draftKey}>{(draft, discard) => <InstructorFormBody {...props} draftKey={draftKey} draft={draft} onDiscard={discard} />}</Drafted>;
}

function InstructorFormBody({ instructor, onDone, draftKey, draft, onDiscard }: { instructor?: Instructor; onDone: () => void; draftKey: string; draft: Draft | null; onDiscard: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const create = useCreateInstructor();
  const update = useUpdateInstructor();
  const [opened] = useState(() => ({ name: instructor?.name ?? '', title: instructor?.title ?? '', bio: instructor?.bio ?? '', image: instructor?.image ?? '' }));
  const form = useZodForm(instructorFormSchema, restored(opened, draft));
  const draftSaved = useDraftAutosave(draftKey, form.values, opened, undefined);
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
      <DraftNotice draft={draft} onDiscard={onDiscard} />
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
