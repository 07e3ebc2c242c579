/**
 * What the two people dialogs share (customers and contributors; back-office spec §2, §5, §8): the
 * dialog, mounted on first open and titled "Add {Noun}" or "Edit {Noun}: {name}"; the form's draft
 * on this device (`customer:<id>`, `contributor:<id>`) and its notice; Name and Email; Cancel and
 * "Create {Noun}" / "Save Changes"; and the save: the write, its toast, the draft cleared and the
 * dialog closed, or the Error toast (the server's message where it names the problem).
 *
 *   <PersonDialog noun="Customer" editing={editing} onClose={onClose}>{(props) => <CustomerForm {...props} />}</PersonDialog>
 *   const { form, submit } = usePersonForm({ …, save: async (values) => { …write…; return success(…) }, failed: '…' });
 *   <PersonFormShell {...props} noun="Customer" form={form} submit={submit}>…the other fields…</PersonFormShell>
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import type { AdminUser } from '@contracts/admin-people';
import { DraftNotice, Drafted, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { FormField, type FormFieldProps } from '@pwa/components/form/form-field';
import type { FieldErrors } from '@pwa/components/form/use-zod-form';
import type { Notification } from '@pwa/lib/notification';
import { useNotify } from '@pwa/lib/notify';
import { failure } from '@pwa/lib/toasts';

type Noun = 'Customer' | 'Contributor';
type Shape = Record<string, z.ZodType>;

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL } });

/** What a person's form gets from the dialog: the person (none when adding), the draft, and closing. */
export interface PersonFormProps {
  person?: AdminUser;
  drafted: DraftState;
  onDone: () => void;
}

/** `editing`: null closed, 'new' to add, else the person to edit. */
export function PersonDialog({
  noun,
  editing,
  onClose,
  children,
}: {
  noun: Noun;
  editing: AdminUser | 'new' | null;
  onClose: () => void;
  children: (props: PersonFormProps) => ReactNode;
}) {
  const { mounted, shown } = useDialogSubject(editing);
  if (!mounted) return null;
  const person = shown && shown !== 'new' ? shown : undefined;
  const id = person?.id ?? 'new';
  return (
    <FormDialog open={editing !== null} title={person ? `Edit ${noun}: ${person.name}` : `Add ${noun}`} onClose={onClose}>
      {shown ? (
        <Drafted key={id} draftKey={`${noun.toLowerCase()}:${id}`}>
          {(drafted) => children({ person, drafted, onDone: onClose })}
        </Drafted>
      ) : null}
    </FormDialog>
  );
}

/** The form's values and its submit: `save` writes and answers the toast to show; `failed` is the Error toast's text. */
export function usePersonForm<S extends Shape>({
  drafted,
  onDone,
  schema,
  opened,
  save,
  failed,
  onInvalid,
}: Omit<PersonFormProps, 'person'> & {
  schema: z.ZodObject<S>;
  /** The values the form opens with (read once). */
  opened: () => { [K in keyof S]: string };
  save: (values: z.output<z.ZodObject<S>>) => Promise<Notification>;
  failed: string;
  onInvalid?: (errors: FieldErrors<S>) => void;
}) {
  const notify = useNotify();
  const { form, draftSaved } = useDraftedForm(schema, drafted, opened);
  const submit = form.handleSubmit(async (values) => {
    try {
      notify(await save(values));
      await draftSaved();
      onDone();
    } catch (error) {
      notify(failure(error, failed));
    }
  }, onInvalid);
  return { form, submit };
}

/** The `<form>`: the draft notice, Name and Email, the person's other fields, Cancel and submit. */
export function PersonFormShell({
  noun,
  person,
  drafted,
  onDone,
  form,
  submit,
  children,
}: PersonFormProps & {
  noun: Noun;
  form: FormFieldProps<'name' | 'email'>['form'] & { busy: boolean };
  submit: (event?: FormEvent) => unknown;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <DraftNotice draft={drafted.draft} onDiscard={drafted.onDiscard} />
      <FormField form={form} name="name" label="Name" required autoComplete="off" />
      <FormField form={form} name="email" label="Email" required type="email" autoComplete="off" />
      {children}
      <FormButtons submit={person ? 'Save Changes' : `Create ${noun}`} busy={form.busy} cancel={onDone} />
    </form>
  );
}
