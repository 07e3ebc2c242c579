/**
 * The customer dialog (back-office spec §2, §4, §5): create or edit a customer — name (at least 2
 * characters), e-mail, role customer or contributor, membership prime, business or none (sent as
 * null), and the active switch. A new customer defaults to role customer, no membership, active.
 */
import { Field, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { customerWriteSchema, type AdminUser } from '@contracts/admin-people';
import { success } from '@pwa/lib/toasts';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';
import { CUSTOMER_TOASTS } from '../lib/people-toasts';
import { MEMBERSHIP_OPTIONS, ROLE_LABELS } from './people-labels';
import { PersonDialog, PersonFormShell, usePersonForm, type PersonFormProps } from './person-dialog';

const customerFormSchema = customerWriteSchema.pick({ name: true, email: true, role: true, membershipType: true });
const CUSTOMER_ROLES = ['customer', 'contributor'] as const;

const useStyles = makeStyles({
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' },
});

function CustomerForm({ person: customer, ...props }: PersonFormProps) {
  const styles = useStyles();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const [isActive, setIsActive] = useState(customer?.isActive ?? true);
  const { form, submit } = usePersonForm({
    ...props,
    schema: customerFormSchema,
    opened: () => ({
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      role: customer?.role ?? 'customer',
      membershipType: customer?.membershipType ?? 'none',
    }),
    save: async (values) => {
      const body = { ...values, isActive };
      if (customer) await update.mutateAsync({ id: customer.id, body });
      else await create.mutateAsync(body);
      return success(customer ? CUSTOMER_TOASTS.updated : CUSTOMER_TOASTS.created);
    },
    failed: customer ? CUSTOMER_TOASTS.updateFailed : CUSTOMER_TOASTS.createFailed,
  });
  // A role the form does not offer (a "user") is shown as it is; the schema asks for a choice.
  const roles = CUSTOMER_ROLES.some((role) => role === form.values.role) ? CUSTOMER_ROLES : [form.values.role, ...CUSTOMER_ROLES];
  const select = (name: 'role' | 'membershipType') => {
    const { ref, ...input } = form.inputProps(name);
    return { ...input, ref: ref as (element: HTMLSelectElement | null) => void };
  };

  return (
    <PersonFormShell {...props} noun="Customer" person={customer} form={form} submit={submit}>
      <div className={styles.row}>
        <Field label="Role" {...form.fieldProps('role')}>
          <Select {...select('role')}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Membership" {...form.fieldProps('membershipType')}>
          <Select {...select('membershipType')}>
            {MEMBERSHIP_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Switch label="Active" checked={isActive} onChange={(_event, data) => setIsActive(data.checked)} />
    </PersonFormShell>
  );
}

/** `editing`: null closed, 'new' to create, else the customer to edit. */
export function CustomerDialog({ editing, onClose }: { editing: AdminUser | 'new' | null; onClose: () => void }) {
  return (
    <PersonDialog noun="Customer" editing={editing} onClose={onClose}>
      {(props) => <CustomerForm {...props} />}
    </PersonDialog>
  );
}
