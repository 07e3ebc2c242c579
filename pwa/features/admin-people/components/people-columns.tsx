/** The columns the customers and contributors tables share: name, e-mail, role, and the row's Edit and Delete (named after the person: "Edit Ada Lane"). */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { AdminUser } from '@contracts/admin-people';
import type { DataColumn } from '@pwa/components/data-table/data-table';
import { ROLE_LABELS } from './people-labels';

type Column = DataColumn<AdminUser>;

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalXS } });

export const nameColumn: Column = { id: 'name', header: 'Name', cell: (p) => p.name, sortValue: (p) => p.name };
export const emailColumn: Column = { id: 'email', header: 'Email', cell: (p) => p.email, sortValue: (p) => p.email };
export const roleColumn: Column = { id: 'role', header: 'Role', cell: (p) => ROLE_LABELS[p.role], sortValue: (p) => ROLE_LABELS[p.role] };

function PersonActions({
  person,
  onEdit,
  onDelete,
  deleting,
}: {
  person: AdminUser;
  onEdit: (p: AdminUser) => void;
  onDelete: (p: AdminUser) => void;
  deleting?: boolean;
}) {
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      <Button size="small" appearance="subtle" aria-label={`Edit ${person.name}`} onClick={() => onEdit(person)}>
        Edit
      </Button>
      <Button size="small" appearance="subtle" aria-label={`Delete ${person.name}`} onClick={() => onDelete(person)} disabled={deleting}>
        Delete
      </Button>
    </div>
  );
}

export const personActionsColumn = (onEdit: (p: AdminUser) => void, onDelete: (p: AdminUser) => void, deletingId?: string): Column => ({
  id: 'actions',
  header: 'Actions',
  shrink: true,
  cell: (p) => <PersonActions person={p} onEdit={onEdit} onDelete={onDelete} deleting={p.id === deletingId} />,
});
