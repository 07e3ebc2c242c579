/**
 * The contributor dialog (back-office spec §2, §3, §5, §6): add or edit a back-office account —
 * name and e-mail required ("Please fill in name and email."), role contributor or admin, and a
 * contributor's permissions (what the server lets them do; a new one starts with the role's
 * default). An admin has full access: no permissions to choose. A new account is sent a welcome
 * e-mail with the sign-in link; the toast says whether it left.
 */
import { Checkbox, Field, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { CONTRIBUTOR_DEFAULT_PERMISSIONS, PERMISSION_LABELS, PERMISSIONS, type Permission } from '@contracts/access';
import { CONTRIBUTOR_REQUIRED_MESSAGE, contributorWriteSchema, type AdminUser } from '@contracts/admin-people';
import { success, useValidationToast, warning } from '@pwa/lib/toasts';
import { useCreateContributor } from '../api/create-contributor';
import { useUpdateContributor } from '../api/update-contributor';
import { CONTRIBUTOR_TOASTS } from '../lib/people-toasts';
import { ROLE_LABELS } from './people-labels';
import { PersonDialog, PersonFormShell, usePersonForm, type PersonFormProps } from './person-dialog';

const contributorFormSchema = contributorWriteSchema.pick({ name: true, email: true, role: true });
const STAFF_ROLES = ['contributor', 'admin'] as const;
const FULL_ACCESS_TEXT = 'Administrators have full access: every screen and every permission.';

const useStyles = makeStyles({
  permissions: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS, padding: 0 },
});

function ContributorForm({ person: contributor, ...props }: PersonFormProps) {
  const styles = useStyles();
  const validationToast = useValidationToast();
  const create = useCreateContributor();
  const update = useUpdateContributor();
  // An admin's list is everything: one made a contributor here starts from the role's default.
  const [permissions, setPermissions] = useState<Permission[]>(
    contributor?.role === 'contributor' ? contributor.permissions : [...CONTRIBUTOR_DEFAULT_PERMISSIONS],
  );
  const { form, submit } = usePersonForm({
    ...props,
    schema: contributorFormSchema,
    opened: () => ({ name: contributor?.name ?? '', email: contributor?.email ?? '', role: contributor?.role === 'admin' ? 'admin' : 'contributor' }),
    save: async (values) => {
      const body = { ...values, permissions: PERMISSIONS.filter((p) => permissions.includes(p)) };
      if (contributor) {
        await update.mutateAsync({ id: contributor.id, body });
        return success(CONTRIBUTOR_TOASTS.updated);
      }
      const created = await create.mutateAsync(body);
      return created.welcomeEmailSent ? success(CONTRIBUTOR_TOASTS.created) : warning(CONTRIBUTOR_TOASTS.createdWithoutEmail);
    },
    failed: contributor ? CONTRIBUTOR_TOASTS.updateFailed : CONTRIBUTOR_TOASTS.createFailed,
    onInvalid: (errors) => {
      if (Object.values(errors).includes(CONTRIBUTOR_REQUIRED_MESSAGE)) validationToast(CONTRIBUTOR_REQUIRED_MESSAGE);
    },
  });
  const { ref: roleRef, ...role } = form.inputProps('role');
  const toggle = (permission: Permission, on: boolean) => setPermissions((list) => (on ? [...list, permission] : list.filter((p) => p !== permission)));

  return (
    <PersonFormShell {...props} noun="Contributor" person={contributor} form={form} submit={submit}>
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
            <Checkbox
              key={permission}
              label={PERMISSION_LABELS[permission]}
              checked={permissions.includes(permission)}
              onChange={(_event, data) => toggle(permission, data.checked === true)}
            />
          ))
        )}
      </fieldset>
    </PersonFormShell>
  );
}

/** `editing`: null closed, 'new' to add, else the contributor (or admin) to edit. */
export function ContributorDialog({ editing, onClose }: { editing: AdminUser | 'new' | null; onClose: () => void }) {
  return (
    <PersonDialog noun="Contributor" editing={editing} onClose={onClose}>
      {(props) => <ContributorForm {...props} />}
    </PersonDialog>
  );
}
