/**
 * /admin/dashboard (back-office spec §2), admins only: the four figures (from the server), the
 * catalogue's sections with their counts and Manage links, the quick actions, and the 5 most recent
 * orders (the first 8 characters of the id, date, total, status; six skeletons while loading).
 */
import { Card, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CourseTypeCounts } from '@contracts/admin-orders';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { StatCards } from '@pwa/components/admin/stat-cards';
import { ButtonLink, TextLink } from '@pwa/components/layout/router-links';
import { formatDateTime, formatMoney } from '@pwa/lib/format';
import { useOrders } from '@pwa/features/admin-orders/api/get-orders';
import { useStats } from '@pwa/features/admin-orders/api/get-stats';
import { OrderStatusBadge, firstEight } from '@pwa/features/admin-orders/components/order-labels';

const SECTIONS: Array<{ title: string; key: keyof CourseTypeCounts; to: string }> = [
  { title: 'Live Seminars', key: 'liveSeminars', to: '/admin/live-seminars' },
  { title: 'Live Webinars', key: 'liveWebinars', to: '/admin/webinars' },
  { title: 'Recorded Seminars', key: 'recordedSeminars', to: '/admin/recorded-seminars' },
  { title: 'Recorded Webinars', key: 'recordedWebinars', to: '/admin/recorded-courses' },
  { title: 'Webinar Packs', key: 'webinarPacks', to: '/admin/webinar-packs' },
];

const QUICK_ACTIONS = [
  { title: 'Create Live Webinar', to: '/admin/webinars/create' },
  { title: 'Create Live Seminar', to: '/admin/live-seminars/create' },
  { title: 'View Orders', to: '/admin/orders' },
  { title: 'Manage Instructors', to: '/admin/instructors' },
];

const RECENT = { limit: 5 };

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))',
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: '100%' },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  cardTitle: { margin: 0, fontSize: tokens.fontSizeBase400 },
  count: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  orders: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  order: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(7rem, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    padding: tokens.spacingHorizontalM,
  },
});

export default function DashboardPage() {
  const styles = useStyles();
  const stats = useStats();
  const recent = useOrders(RECENT, '/api/orders');
  const orders = recent.data?.pages[0]?.items;

  return (
    <AdminPage title="Admin Dashboard" description="Manage the catalogue, pricing, orders and people." back={{ to: '/', label: 'Back to the storefront' }}>
      <StatCards
        loading={stats.isPending}
        items={[
          { label: 'Total Courses', value: stats.data?.totalCourses ?? 0 },
          { label: 'Total Instructors', value: stats.data?.totalInstructors ?? 0 },
          { label: 'Total Revenue', value: formatMoney(stats.data?.totalRevenue ?? 0) },
          { label: 'Total Orders', value: stats.data?.totalOrders ?? 0 },
        ]}
      />
      <h2 className={styles.heading}>Catalogue</h2>
      <ul className={styles.grid} aria-label="Courses by type">
        {SECTIONS.map((section) => (
          <li key={section.key}>
            <Card className={styles.card}>
              <h3 className={styles.cardTitle}>{section.title}</h3>
              <span className={styles.count} data-testid={`count-${section.key}`}>
                {stats.data ? stats.data.courseTypes[section.key] : '…'}
              </span>
              <TextLink to={section.to} aria-label={`Manage ${section.title}`}>
                Manage
              </TextLink>
            </Card>
          </li>
        ))}
      </ul>
      <h2 className={styles.heading}>Quick Actions</h2>
      <div className={styles.actions}>
        {QUICK_ACTIONS.map((action) => (
          <ButtonLink key={action.to} to={action.to} appearance="primary">
            {action.title}
          </ButtonLink>
        ))}
      </div>
      <h2 className={styles.heading}>Recent Orders</h2>
      {recent.isPending ? (
        <ul className={styles.orders} aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton>
                <SkeletonItem size={32} />
              </Skeleton>
            </li>
          ))}
        </ul>
      ) : recent.isError ? (
        <Text>The recent orders could not be loaded.</Text>
      ) : !orders?.length ? (
        <Text>No orders yet.</Text>
      ) : (
        <ul className={styles.orders} aria-label="Recent orders">
          {orders.map((order) => (
            <li key={order.id}>
              <Card className={styles.order}>
                <Text font="monospace">#{firstEight(order.id)}</Text>
                <Text>{formatDateTime(order.createdAt)}</Text>
                <Text weight="semibold">{formatMoney(order.total)}</Text>
                <OrderStatusBadge status={order.status} refunded={order.refunded} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
