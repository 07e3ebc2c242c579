/**
 * /contributor: the contributor dashboard (storefront spec §2, back-office spec §2), contributors
 * only. Its cards are the screens the contributor's permissions open (the server refuses the rest).
 */
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { allows, PERMISSION_LABELS } from '@contracts/access';
import { BACK_OFFICE_SCREENS, type BackOfficeScreen } from '@contracts/back-office-screens';
import { RequireRole } from '../../features/auth/route-guard';
import { useAuth } from '../../session/use-auth';
import { LogoutButton } from '../../components/admin/logout-button';
import { ButtonLink } from '../../components/layout/router-links';
import { RecentActivity } from '../../features/admin-catalogue/components/recent-activity';

/** What each screen a contributor may be given is for; its title, address and rule are the screen's (`BACK_OFFICE_SCREENS`). */
const WHAT_IT_IS_FOR: Partial<Record<BackOfficeScreen['path'], string>> = {
  '/admin/live-seminars': 'Schedule in-person seminars, locations and capacity.',
  '/admin/webinars': 'Create and edit live webinars and their pricing tiers.',
  '/admin/recorded-courses': 'Publish on-demand recordings.',
  '/admin/recorded-seminars': 'Seminars move here automatically after they end.',
  '/admin/webinar-packs': 'Bundle webinars into packs.',
  '/admin/instructors': 'Add and edit the instructors courses name.',
  '/admin/orders': 'Follow orders and revenue, export them and open invoices.',
};

const SECTIONS = BACK_OFFICE_SCREENS.flatMap((screen) => {
  const text = WHAT_IT_IS_FOR[screen.path];
  return text ? [{ title: screen.label, text, to: screen.path, rule: screen.rule }] : [];
});

const useStyles = makeStyles({
  page: {
    width: '100%',
    maxWidth: '72rem',
    margin: '0 auto',
    padding: `clamp(1.5rem, 4vw, 3rem) ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
  },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  title: { margin: 0, fontSize: 'clamp(1.5rem, 4vw, 2rem)' },
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))' },
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  cardTitle: { margin: 0, fontSize: tokens.fontSizeBase500 },
});

function Dashboard() {
  const styles = useStyles();
  const { user } = useAuth();
  const sections = SECTIONS.filter((section) => allows(section.rule, user));
  const granted = user?.permissions?.map((p) => PERMISSION_LABELS[p]) ?? [];
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{user?.name}</h1>
          <Text>Course Contributor</Text>
        </div>
        <LogoutButton />
      </div>
      <Card className={styles.card}>
        <h2 className={styles.cardTitle}>Welcome, {user?.name}</h2>
        <Text>As a contributor you may create, edit and manage courses. User management and admin settings are reserved for administrators.</Text>
        <Text>{granted.length ? `Your permissions: ${granted.join(', ')}.` : 'You have no back-office permissions yet: an administrator can grant them.'}</Text>
      </Card>
      <div className={styles.grid}>
        {sections.map((section) => (
          <Card key={section.to} className={styles.card}>
            <h2 className={styles.cardTitle}>{section.title}</h2>
            <Text>{section.text}</Text>
            <ButtonLink to={section.to} appearance="primary">
              Manage {section.title}
            </ButtonLink>
          </Card>
        ))}
      </div>
      <Card className={styles.card}>
        <h2 className={styles.cardTitle}>Recent Activity</h2>
        <RecentActivity />
      </Card>
    </div>
  );
}

export default function ContributorPage() {
  return (
    <RequireRole guard="contributor">
      <Dashboard />
    </RequireRole>
  );
}
