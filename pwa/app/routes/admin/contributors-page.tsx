/**
 * /admin/contributors (back-office spec §2, §5, §6, §8), admins only: the figures (Total
 * Contributors, Admins, Contributors, Active This Month), the back-office accounts searched by name
 * or e-mail on the server, an add/edit dialog (role contributor or admin, permissions), and delete
 * after the browser's confirmation, as the spec asks for contributors.
 */
import { Badge, Button, Field, SearchBox, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { PERMISSION_LABELS } from '@contracts/access';
import type { AdminUser } from '@contracts/admin-people';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { StatCards } from '@pwa/components/admin/stat-cards';
import { AdminList } from '@pwa/components/admin/admin-list';
import { formatDateTime } from '@pwa/lib/format';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { useDebouncedValue } from '@pwa/lib/use-debounced-value';
import { useDeleteContributor } from '@pwa/features/admin-people/api/delete-contributor';
import { useContributorStats } from '@pwa/features/admin-people/api/get-contributor-stats';
import { useUsers } from '@pwa/features/admin-people/api/get-users';
import { ContributorDialog } from '@pwa/features/admin-people/components/contributor-dialog';
import { emailColumn, nameColumn, personActionsColumn, roleColumn } from '@pwa/features/admin-people/components/people-columns';
import { CONTRIBUTOR_TOASTS } from '@pwa/features/admin-people/lib/people-toasts';

const STAFF_ROLES = ['admin', 'contributor'] as const;

const useStyles = makeStyles({
  search: { maxWidth: '24rem' },
  permissions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
});

export default function ContributorsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  // The search is sent once typing pauses, not on every key.
  const applied = useDebouncedValue(search.trim());
  const stats = useContributorStats();
  const people = useUsers({ roles: STAFF_ROLES, search: applied || undefined });
  const remove = useDeleteContributor();
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [deletingId, setDeletingId] = useState<string>();

  const onDelete = (person: AdminUser) => {
    // The spec asks the browser to confirm a contributor's deletion (§5).
    if (!window.confirm(`Are you sure you want to delete "${person.name}"? This action cannot be undone.`)) return;
    setDeletingId(person.id);
    remove.mutate(person.id, {
      onSuccess: () => notify(success(CONTRIBUTOR_TOASTS.deleted)),
      onError: (error) => notify(failure(error, CONTRIBUTOR_TOASTS.deleteFailed)),
      onSettled: () => setDeletingId(undefined),
    });
  };
  const add = (label: string) => (
    <Button appearance="primary" onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <AdminPage
      title="Contributors Management"
      description="Administrators and course contributors: who may enter the back office."
      actions={add('Add Contributor')}
    >
      <StatCards
        loading={stats.isPending}
        items={[
          { label: 'Total Contributors', value: stats.data?.totalContributors ?? 0 },
          { label: 'Admins', value: stats.data?.admins ?? 0 },
          { label: 'Contributors', value: stats.data?.contributors ?? 0 },
          { label: 'Active This Month', value: stats.data?.activeThisMonth ?? 0 },
        ]}
      />
      <Field label="Search contributors" hint="Name or email" className={styles.search}>
        <SearchBox value={search} onChange={(_event, data) => setSearch(data.value)} />
      </Field>
      <AdminList<AdminUser>
        query={people}
        what="contributors"
        loadMore="Load more contributors"
        label="Contributors"
        rowKey={(p) => p.id}
        empty={{ title: applied ? 'No contributors found' : 'No contributors yet', action: applied ? undefined : add('Add Your First Contributor') }}
        columns={[
          nameColumn,
          emailColumn,
          roleColumn,
          {
            id: 'permissions',
            header: 'Permissions',
            cell: (p) =>
              p.role === 'admin' ? (
                <Badge appearance="outline" color="brand">
                  Full Access
                </Badge>
              ) : p.permissions.length ? (
                <span className={styles.permissions}>
                  {p.permissions.map((permission) => (
                    <Badge key={permission} appearance="outline" color="informative">
                      {PERMISSION_LABELS[permission]}
                    </Badge>
                  ))}
                </span>
              ) : (
                'None'
              ),
          },
          {
            id: 'lastSignIn',
            header: 'Last Sign-in',
            cell: (p) => (p.lastSignInAt ? formatDateTime(p.lastSignInAt) : 'Never'),
            sortValue: (p) => p.lastSignInAt,
          },
          personActionsColumn(setEditing, onDelete, deletingId),
        ]}
      />
      <ContributorDialog editing={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
