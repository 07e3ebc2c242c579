/**
 * The customer dialog (back-office spec §2, §4, §5): create or edit a customer — name (at least 2
 * characters), e-mail, role customer or contributor, membership prime, business or none (sent as
 * null), and the active switch. A new customer defaults to role customer, no membership, active.
 */
import { Button, Field, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { customerWriteSchema, type AdminUser } from '@contracts/admin-people';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useDialogSubject } from '@pwa/components/admin/use-opened-once';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import { DraftNotice, Drafted } from '@pwa/components/admin/drafted';
import type { Draft } from '@pwa/offline/back-office/admin-db';
import { restored, useDraftAutosave } from '@pwa/offline/back-office/drafts';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';
import { CUSTOMER_TOASTS } from '../lib/people-toasts';
import { MEMBERSHIP_OPTIONS, ROLE_LABELS } from './people-labels';

const customerFormSchema = customerWriteSchema.pick({ name: true, email: true, role: true, membershipType: true });
const CUSTOMER_ROLES = ['customer', 'contributor'] as const;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

function CustomerForm(props: { customer?: AdminUser; onDone: () => void }) {
  const draftKey = `customer:${props.customer?.id ?? 'new'}`;
  return <Drafted draftKey={draftKey}>{(draft, discard) => <CustomerFormBody {...props} draftKey={draftKey} draft={draft} onDiscard={discard} />}</Drafted>;
}

function CustomerFormBody({ customer, onDone, draftKey, draft, onDiscard }: { customer?: AdminUser; onDone: () => void; draftKey: string; draft: Draft | null; onDiscard: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const [opened] = useState(() => ({
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    role: customer?.role ?? 'customer',
    membershipType: customer?.membershipType ?? 'none',
  }));
  const form = useZodForm(customerFormSchema, restored(opened, draft));
  const draftSaved = useDraftAutosave(draftKey, form.values, opened, undefined);
  const [isActive, setIsActive] = useState(customer?.isActive ?? true);
  // A role the form does not offer (a "user") is shown as it is; the schema asks for a choice.
  const roles = CUSTOMER_ROLES.some((role) => role === form.values.role) ? CUSTOMER_ROLES : [form.values.role, ...CUSTOMER_ROLES];
  const select = (name: 'role' | 'membershipType') => {
    const { ref, ...input } = form.inputProps(name);
    return { ...input, ref: ref as (element: HTMLSelectElement | null) => void };
  };

  const submit = form.handleSubmit(async (values) => {
    const body = { ...values, isActive };
    try {
      if (customer) await update.mutateAsync({ id: customer.id, body });
      else await create.mutateAsync(body);
      notify(success(customer ? CUSTOMER_TOASTS.updated : CUSTOMER_TOASTS.created));
      await draftSaved();
      onDone();
    } catch (error) {
      notify(failure(error, customer ? CUSTOMER_TOASTS.updateFailed : CUSTOMER_TOASTS.createFailed));
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <DraftNotice draft={draft} onDiscard={onDiscard} />
      <FormField form={form} name="name" label="Name" required autoComplete="off" />
      <FormField form={form} name="email" label="Email" required type="email" autoComplete="off" />
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
      <div className={styles.actions}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" appearance="primary" disabled={form.busy}>
          {customer ? 'Save Changes' : 'Create Customer'}
        </Button>
      </div>
    </form>
  );
}

/** `editing`: null closed, 'new' to create, else the customer to edit. */
export function CustomerDialog({ editing, onClose }: { editing: AdminUser | 'new' | null; onClose: () => void }) {
  const { mounted, shown } = useDialogSubject(editing);
  if (!mounted) return null;
  const customer = shown && shown !== 'new' ? shown : undefined;
  return (
    <FormDialog open={editing !== null} title={customer ? `Edit Customer: ${customer.name}` : 'Add Customer'} onClose={onClose}>
      {shown ? <CustomerForm key={customer?.id ?? 'new'} customer={customer} onDone={onClose} /> : null}
    </FormDialog>
  );
}
