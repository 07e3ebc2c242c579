/**
 * /admin/dashboard (back-office spec §2), admins only: the catalogue's sections with their Manage
 * links and the quick actions. Its figures (totals, revenue, recent orders) come with back office
 * part 2, computed by the server.
 */
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { ButtonLink } from '@pwa/components/layout/router-links';

const SECTIONS = [
  { title: 'Live Seminars', text: 'In-person seminars, locations and capacity.', to: '/admin/live-seminars' },
  { title: 'Live Webinars', text: 'Scheduled webinars and their pricing tiers.', to: '/admin/webinars' },
  { title: 'Recorded Seminars', text: 'Seminars that have ended, sold as recordings.', to: '/admin/recorded-seminars' },
  { title: 'Recorded Webinars', text: 'On-demand courses and recordings.', to: '/admin/recorded-courses' },
  { title: 'Webinar Packs', text: 'Bundles of webinars at one price.', to: '/admin/webinar-packs' },
];

const QUICK_ACTIONS = [
  { title: 'Create Live Webinar', to: '/admin/webinars/create' },
  { title: 'Create Live Seminar', to: '/admin/live-seminars/create' },
  { title: 'Manage Instructors', to: '/admin/instructors' },
];

const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))' },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  cardTitle: { margin: 0, fontSize: tokens.fontSizeBase400 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export default function DashboardPage() {
  const styles = useStyles();
  return (
    <AdminPage title="Admin Dashboard" description="Manage the catalogue, pricing, orders and people." back={{ to: '/', label: 'Back to the storefront' }}>
      <h2 className={styles.heading}>Quick Actions</h2>
      <div className={styles.actions}>
        {QUICK_ACTIONS.map((action) => (
          <ButtonLink key={action.to} to={action.to} appearance="primary">
            {action.title}
          </ButtonLink>
        ))}
      </div>
      <h2 className={styles.heading}>Catalogue</h2>
      <div className={styles.grid}>
        {SECTIONS.map((section) => (
          <Card key={section.title} className={styles.card}>
            <h3 className={styles.cardTitle}>{section.title}</h3>
            <Text>{section.text}</Text>
            <ButtonLink to={section.to} aria-label={`Manage ${section.title}`}>
              Manage
            </ButtonLink>
          </Card>
        ))}
      </div>
    </AdminPage>
  );
}
