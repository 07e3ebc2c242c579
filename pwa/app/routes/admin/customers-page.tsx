/**
 * /admin/customers (back-office spec §2, §5, §8), admins only: customers (and plain users) newest
 * first, searched by name or e-mail on the server once typing pauses, more pages on demand; a
 * create dialog, an edit dialog per row, and a delete confirmation dialog, with the spec's toasts.
 */
import { Button, Field, SearchBox, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import type { AdminUser } from '@contracts/admin-people';
import { ActiveBadge } from '@pwa/components/admin/active-badge';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { DeleteDialog } from '@pwa/components/admin/confirm-dialog';
import { AdminList } from '@pwa/components/admin/admin-list';
import { formatDate } from '@pwa/lib/format';
import { useDebouncedValue } from '@pwa/lib/use-debounced-value';
import { useDeleteCustomer } from '@pwa/features/admin-people/api/delete-customer';
import { useUsers } from '@pwa/features/admin-people/api/get-users';
import { CustomerDialog } from '@pwa/features/admin-people/components/customer-dialog';
import { emailColumn, nameColumn, personActionsColumn, roleColumn } from '@pwa/features/admin-people/components/people-columns';
import { membershipLabel } from '@pwa/features/admin-people/components/people-labels';
import { CUSTOMER_TOASTS } from '@pwa/features/admin-people/lib/people-toasts';

const CUSTOMER_ROLES = ['customer', 'user'] as const;

const useStyles = makeStyles({ search: { maxWidth: '24rem' } });

export default function CustomersPage() {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  // The search is sent once typing pauses, not on every key.
  const applied = useDebouncedValue(search.trim());
  const customers = useUsers({ roles: CUSTOMER_ROLES, search: applied || undefined });
  const remove = useDeleteCustomer();
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const add = (label: string) => (
    <Button appearance="primary" onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <AdminPage title="Customers Management" description="Customer accounts, their membership and whether they may sign in." actions={add('Add Customer')}>
      <Field label="Search customers" hint="Name or email" className={styles.search}>
        <SearchBox value={search} onChange={(_event, data) => setSearch(data.value)} />
      </Field>
      <AdminList<AdminUser>
        query={customers}
        what="customers"
        loadMore="Load more customers"
        label="Customers"
        rowKey={(c) => c.id}
        empty={
          applied
            ? { title: 'No customers found', description: `No customer's name or email contains “${applied}”.` }
            : { title: 'No customers yet', action: add('Add Your First Customer') }
        }
        columns={[
          nameColumn,
          emailColumn,
          roleColumn,
          { id: 'membership', header: 'Membership', cell: (c) => membershipLabel(c.membershipType), sortValue: (c) => membershipLabel(c.membershipType) },
          { id: 'status', header: 'Status', cell: (c) => <ActiveBadge active={c.isActive} />, sortValue: (c) => (c.isActive ? 0 : 1) },
          { id: 'joined', header: 'Joined', cell: (c) => formatDate(c.createdAt), sortValue: (c) => c.createdAt },
          personActionsColumn(setEditing, setDeleting, remove.isPending ? deleting?.id : undefined),
        ]}
      />
      <CustomerDialog editing={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        what="customer"
        subject={deleting}
        remove={remove}
        done={CUSTOMER_TOASTS.deleted}
        failed={CUSTOMER_TOASTS.deleteFailed}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}
