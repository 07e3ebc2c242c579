/** The organisation's people: who is invited and who has joined; an invitation resent, or a learner removed (their seats go back to the pool). */
import { Badge, Button, Spinner, Text } from '@fluentui/react-components';
import type { MemberView } from '@contracts/orgs';
import { formatDayMonthYear } from '@pwa/lib/format';
import { useNotify } from '@pwa/lib/notify';
import { useMembers, useRemoveMember, useResendInvitation } from '../api/team';
import { refusalText, useTeamStyles } from './team-styles';

function MemberActions({ orgId, member }: { orgId: string; member: MemberView }) {
  const styles = useTeamStyles();
  const notify = useNotify();
  const resend = useResendInvitation(orgId);
  const remove = useRemoveMember(orgId);
  const who = member.name ?? member.email;
  const fail = (what: string) => (error: unknown) => notify({ title: `${what} failed`, description: refusalText(error), variant: 'destructive' });
  if (member.role === 'manager') return null;
  return (
    <div className={styles.actions}>
      {member.status === 'invited' ? (
        <Button
          size="small"
          disabled={resend.isPending}
          aria-label={`Resend the invitation to ${who}`}
          onClick={() =>
            resend.mutate(member.id, {
              onSuccess: () => notify({ title: 'Invitation sent again', description: `To ${member.email}.`, variant: 'success' }),
              onError: fail('Resending'),
            })
          }
        >
          Resend
        </Button>
      ) : null}
      <Button
        size="small"
        appearance="subtle"
        disabled={remove.isPending}
        aria-label={`Remove ${who}`}
        onClick={() => {
          if (!window.confirm(`Remove ${who} from the organisation? Their seats go back to the pool.`)) return;
          remove.mutate(member.id, { onError: fail('Removing') });
        }}
      >
        Remove
      </Button>
    </div>
  );
}

export function MembersPanel({ orgId, viewer }: { orgId: string; viewer: string }) {
  const styles = useTeamStyles();
  const members = useMembers(viewer, orgId);
  return (
    <section className={styles.panel} aria-labelledby="team-members-heading">
      <h2 id="team-members-heading" className={styles.heading}>
        Members
      </h2>
      {members.isPending ? <Spinner size="small" label="Loading members…" /> : null}
      {members.isError ? <Text className={styles.error}>The members could not be loaded. {refusalText(members.error)}</Text> : null}
      {members.data ? (
        <div className={styles.scroll}>
          <table className={styles.table} aria-label="Members">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Department</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {members.data.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.name ?? '—'}
                    {member.role === 'manager' ? (
                      <>
                        {' '}
                        <Badge appearance="outline">Manager</Badge>
                      </>
                    ) : null}
                  </td>
                  <td>{member.email}</td>
                  <td>{member.department ?? '—'}</td>
                  <td>
                    {member.status === 'active'
                      ? `Joined ${formatDayMonthYear(member.acceptedAt ?? member.invitedAt)}`
                      : `Invited ${formatDayMonthYear(member.invitedAt)}`}
                  </td>
                  <td>
                    <MemberActions orgId={orgId} member={member} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
