/**
 * The back office's organisations (issue 33, point 6; admins): every organisation with its
 * managers, members and seats; "New organisation" for a customer; an organisation opened shows its
 * seats (each movable to someone else) and members (each movable to another organisation), every
 * move with a reason, kept in the activity log.
 */
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { AdminOrgRow, MemberView, SeatView } from '@contracts/orgs';
import { AdminList } from '@pwa/components/admin/admin-list';
import { formatDate } from '@pwa/lib/format';
import { useAdminOrgMembers, useAdminOrgSeats, useAdminOrgs } from '../api/org-admin';
import { CreateOrgDialog, MoveMemberDialog, MoveSeatDialog } from './org-dialogs';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'flex-end' },
  detail: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, marginTop: tokens.spacingVerticalXL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
});

function OrgDetail({ org, orgs }: { org: AdminOrgRow; orgs: AdminOrgRow[] }) {
  const styles = useStyles();
  const seats = useAdminOrgSeats(org.id);
  const members = useAdminOrgMembers(org.id);
  const [seat, setSeat] = useState<SeatView | null>(null);
  const [member, setMember] = useState<MemberView | null>(null);
  return (
    <section className={styles.detail} aria-labelledby="org-detail-heading">
      <h2 id="org-detail-heading" className={styles.heading}>
        {org.name}
      </h2>
      <AdminList<SeatView>
        query={seats}
        what="seats"
        label={`Seats of ${org.name}`}
        rowKey={(s) => s.id}
        empty={{ title: 'No seats bought yet' }}
        columns={[
          { id: 'course', header: 'Course', cell: (s) => s.courseTitle, sortValue: (s) => s.courseTitle },
          { id: 'holder', header: 'Holder', cell: (s) => s.assignee?.email ?? 'Unassigned', sortValue: (s) => s.assignee?.email ?? '' },
          {
            id: 'actions',
            header: 'Actions',
            shrink: true,
            cell: (s) => (
              <Button size="small" aria-label={`Move seat of ${s.courseTitle} held by ${s.assignee?.email ?? 'nobody'}`} onClick={() => setSeat(s)}>
                Move
              </Button>
            ),
          },
        ]}
      />
      <AdminList<MemberView>
        query={members}
        what="members"
        label={`Members of ${org.name}`}
        rowKey={(m) => m.id}
        empty={{ title: 'No members yet' }}
        columns={[
          { id: 'email', header: 'E-mail', cell: (m) => m.email, sortValue: (m) => m.email },
          { id: 'role', header: 'Role', cell: (m) => (m.role === 'manager' ? 'Manager' : 'Learner'), sortValue: (m) => m.role },
          { id: 'status', header: 'Status', cell: (m) => (m.status === 'active' ? 'Active' : 'Invited'), sortValue: (m) => m.status },
          {
            id: 'actions',
            header: 'Actions',
            shrink: true,
            cell: (m) =>
              m.role === 'learner' && orgs.length > 1 ? (
                <Button size="small" aria-label={`Move ${m.email} to another organisation`} onClick={() => setMember(m)}>
                  Move
                </Button>
              ) : null,
          },
        ]}
      />
      <MoveSeatDialog orgId={org.id} subject={seat} onClose={() => setSeat(null)} />
      <MoveMemberDialog orgId={org.id} orgs={orgs} subject={member} onClose={() => setMember(null)} />
    </section>
  );
}

export function OrganisationsScreen() {
  const styles = useStyles();
  const orgs = useAdminOrgs();
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = orgs.data?.find((org) => org.id === openId) ?? null;
  return (
    <>
      <div className={styles.bar}>
        <Button appearance="primary" onClick={() => setCreating(true)}>
          New organisation
        </Button>
      </div>
      <AdminList<AdminOrgRow>
        query={orgs}
        what="organisations"
        label="Organisations"
        rowKey={(o) => o.id}
        empty={{ title: 'No organisations yet' }}
        columns={[
          { id: 'name', header: 'Name', cell: (o) => o.name, sortValue: (o) => o.name },
          { id: 'managers', header: 'Managers', cell: (o) => o.managers.join(', ') || '—' },
          { id: 'members', header: 'Members', cell: (o) => `${o.members} active, ${o.invited} invited`, sortValue: (o) => o.members },
          { id: 'seats', header: 'Seats', cell: (o) => `${o.seatsAssigned} of ${o.seats} assigned`, sortValue: (o) => o.seats },
          { id: 'created', header: 'Created', cell: (o) => formatDate(o.createdAt), sortValue: (o) => o.createdAt },
          {
            id: 'actions',
            header: 'Actions',
            shrink: true,
            cell: (o) => (
              <Button size="small" aria-label={`${o.id === openId ? 'Close' : 'Open'} ${o.name}`} onClick={() => setOpenId(o.id === openId ? null : o.id)}>
                {o.id === openId ? 'Close' : 'Open'}
              </Button>
            ),
          },
        ]}
      />
      {open && orgs.data ? (
        <OrgDetail key={open.id} org={open} orgs={orgs.data} />
      ) : (
        <Text>{orgs.data?.length ? 'Open an organisation to see and move its seats and members.' : null}</Text>
      )}
      <CreateOrgDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
