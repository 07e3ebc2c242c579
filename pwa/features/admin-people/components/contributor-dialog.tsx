/**
 * The contributor dialog (back-office spec §2, §3, §5, §6): add or edit a back-office account —
 * name and e-mail required ("Please fill in name and email."), role contributor or admin, and a
 * contributor's permissions (what the server lets them do; a new one starts with the role's
 * default). An admin has full access: no permissions to choose. A new account is sent a welcome
 * e-mail with the sign-in link; the toast says whether it left.
 */
import { Button, Checkbox, Field, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { CONTRIBUTOR_DEFAULT_PERMISSIONS, PERMISSION_LABELS, PERMISSIONS, type Permission } from '@contracts/access';
import { CONTRIBUTOR_REQUIRED_MESSAGE, contributorWriteSchema, type AdminUser } from '@contracts/admin-people';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { DraftNotice, Drafted } from '@pwa/components/admin/drafted';
import type { Draft } from '@pwa/offline/back-office/admin-db';
import { restored, useDraftAutosave } from '@pwa/offline/back-office/drafts';
import { useNotify } from '@pwa/lib/notify';
import { failure, success, useValidationToast, warning } from '@pwa/lib/toasts';
import { useCreateContributor } from '../api/create-contributor';
import { useUpdateContributor } from '../api/update-contributor';
import { CONTRIBUTOR_TOASTS } from '../lib/people-toasts';
import { ROLE_LABELS } from './people-labels';

const contributorFormSchema = contributorWriteSchema.pick({ name: true, email: true, role: true });
const STAFF_ROLES = ['contributor', 'admin'] as const;
const FULL_ACCESS_TEXT = 'Administrators have full access: every screen and every permission.';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  permissions: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS, padding: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

function ContributorForm(props: { contributor?: AdminUser; onDone: () => void }) {
  const draftKey = `contributor:${props.contributor?.id ?? 'new'}`;
  return <Drafted draftKey={draftKey}>{(draft, discard) => <ContributorFormBody {...props} draftKey={draftKey} draft={draft} onDiscard={discard} />}</Drafted>;
}

function ContributorFormBody({ contributor, onDone, draftKey, draft, onDiscard }: { contributor?: AdminUser; onDone: () => void; draftKey: string; draft: Draft | null; onDiscard: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const validationToast = useValidationToast();
  const create = useCreateContributor();
  const update = useUpdateContributor();
  const [opened] = useState(() => ({ name: contributor?.name ?? '', email: contributor?.email ?? '', role: contributor?.role === 'admin' ? 'admin' : 'contributor' }));
  const form = useZodForm(contributorFormSchema, restored(opened, draft));
  const draftSaved = useDraftAutosave(draftKey, form.values, opened, undefined);
  // An admin's list is everything: one made a contributor here starts from the role's default.
  const [permissions, setPermissions] = useState<Permission[]>(contributor?.role === 'contributor' ? contributor.permissions : [...CONTRIBUTOR_DEFAULT_PERMISSIONS]);
  const { ref: roleRef, ...role } = form.inputProps('role');
  const toggle = (permission: Permission, on: boolean) => setPermissions((list) => (on ? [...list, permission] : list.filter((p) => p !== permission)));

  const submit = form.handleSubmit(
    async (values) => {
      const body = { ...values, permissions: PERMISSIONS.filter((p) => permissions.includes(p)) };
      try {
        if (contributor) {
          await update.mutateAsync({ id: contributor.id, body });
          notify(success(CONTRIBUTOR_TOASTS.updated));
        } else {
          const created = await create.mutateAsync(body);
          notify(created.welcomeEmailSent ? success(CONTRIBUTOR_TOASTS.created) : warning(CONTRIBUTOR_TOASTS.createdWithoutEmail));
        }
        await draftSaved();
        onDone();
      } catch (error) {
        notify(failure(error, contributor ? CONTRIBUTOR_TOASTS.updateFailed : CONTRIBUTOR_TOASTS.createFailed));
      }
    },
    (errors) => {
      if (Object.values(errors).includes(CONTRIBUTOR_REQUIRED_MESSAGE)) validationToast(CONTRIBUTOR_REQUIRED_MESSAGE);
    },
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <DraftNotice draft={draft} onDiscard={onDiscard} />
      <FormField form={form} name="name" label="Name" required autoComplete="off" />
      <FormField form={form} name="email" label="Email" required type="email" autoComplete="off" />
      <Field label="Role" {...form.fieldProps('role')}>
        <Select {...role} ref={roleRef as (element: HTMLSelectElement | null) => void}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset className={styles.permissions}>
        <legend className={styles.legend}>Permissions</legend>
        {form.values.role === 'admin' ? (
          <Text>{FULL_ACCESS_TEXT}</Text>
        ) : (
          PERMISSIONS.map((permission) => (
            <Checkbox key={permission} label={PERMISSION_LABELS[permission]} checked={permissions.includes(permission)} onChange={(_event, data) => toggle(permission, data.checked === true)} />
          ))
        )}
      </fieldset>
      <div className={styles.actions}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" appearance="primary" disabled={form.busy}>
          {contributor ? 'Save Changes' : 'Create Contributor'}
        </Button>
      </div>
    </form>
  );
}

/** `editing`: null closed, 'new' to add, else the contributor (or admin) to edit. */
export function ContributorDialog({ editing, onClose }: { editing: AdminUser | 'new' | null; onClose: () => void }) {
  const { mounted, shown } = useDialogSubject(editing);
  if (!mounted) return null;
  const contributor = shown && shown !== 'new' ? shown : undefined;
  return (
    <FormDialog open={editing !== null} title={contributor ? `Edit Contributor: ${contributor.name}` : 'Add Contributor'} onClose={onClose}>
      {shown ? <ContributorForm key={contributor?.id ?? 'new'} contributor={contributor} onDone={onClose} /> : null}
    </FormDialog>
  );
}
