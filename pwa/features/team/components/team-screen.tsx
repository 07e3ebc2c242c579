/**
 * /team (issue 33): for a manager, their organisation — who is trained (the dashboard), the seats
 * it bought, inviting colleagues and its members. Someone in no organisation can start one; a
 * learner is told their courses are in My Training (managers only see colleagues' results).
 */
import { Button, Spinner, Text } from '@fluentui/react-components';
import { TextLink } from '@pwa/components/layout/router-links';
import { useMyOrgs } from '../api/team';
import { CreateOrgForm } from './create-org-form';
import { DashboardPanel } from './dashboard-panel';
import { InvitePanel } from './invite-panel';
import { MembersPanel } from './members-panel';
import { SeatsPanel } from './seats-panel';
import { refusalText, useTeamStyles } from './team-styles';

export function TeamScreen({ viewer }: { viewer: string }) {
  const styles = useTeamStyles();
  const orgs = useMyOrgs(viewer);
  if (orgs.isPending) return <Spinner label="Loading your team…" />;
  if (orgs.isError)
    return (
      <div role="alert" className={styles.panel}>
        <Text>Your team could not be loaded. {refusalText(orgs.error)}</Text>
        <Button onClick={() => void orgs.refetch()}>Try Again</Button>
      </div>
    );
  const org = orgs.data[0];
  if (!org)
    return (
      <section className={styles.panel} aria-labelledby="team-start-heading">
        <h2 id="team-start-heading" className={styles.heading}>
          Start your team
        </h2>
        <Text>Name your organisation to buy seats for colleagues, invite them and follow their training. You become its manager.</Text>
        <CreateOrgForm />
      </section>
    );
  if (org.role !== 'manager')
    return (
      <section className={styles.panel} aria-labelledby="team-learner-heading">
        <h2 id="team-learner-heading" className={styles.heading}>
          {org.name}
        </h2>
        <Text>
          You are a member of {org.name}. The courses your team gives you are in <TextLink to="/learn">My Training</TextLink>.
        </Text>
      </section>
    );
  return (
    <>
      <Text size={500} weight="semibold">
        {org.name}
      </Text>
      <DashboardPanel orgId={org.id} viewer={viewer} />
      <SeatsPanel orgId={org.id} viewer={viewer} />
      <InvitePanel orgId={org.id} />
      <MembersPanel orgId={org.id} viewer={viewer} />
    </>
  );
}
