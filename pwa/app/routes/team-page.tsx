/** /team, My Team (issue 33): a manager's organisation; for the signed-in only. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { ContentPage } from '../../components/layout/content-page';
import { RequireRole } from '../../features/auth/route-guard';
import { TeamScreen } from '../../features/team/components/team-screen';
import { useAuthToken } from '../../session/auth-token';
import { useAuth } from '../../session/use-auth';

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL } });

export default function TeamPage() {
  const styles = useStyles();
  const { user } = useAuth();
  const token = useAuthToken();
  if (!user || !token) return <RequireRole guard="customer">{null}</RequireRole>;
  return (
    <ContentPage title="My Team" eyebrow="Team training" intro="Buy seats for colleagues, invite them, and see who is trained and when.">
      <div className={styles.body}>
        <TeamScreen viewer={token} />
      </div>
    </ContentPage>
  );
}
