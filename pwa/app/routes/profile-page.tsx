/**
 * /profile: My Profile (storefront spec §2 Profile), customers only. "Download Invoice" gives the
 * order's invoice PDF, and an upcoming live session offers "Add to calendar" (issue 16). My
 * Credits (issue 32): credits by type, certificates from here and elsewhere, the transcript.
 */
import { Badge, Button, Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { orderStatusLabel } from '@contracts/admin-orders';
import type { ProfileOrder } from '@contracts/auth';
import { summarizeAccount } from '../../features/account/account-summary';
import { useProfile } from '../../session/profile';
import { RequireRole } from '../../features/auth/route-guard';
import { useAuth } from '../../session/use-auth';
import { ButtonLink } from '../../components/layout/router-links';
import { formatMoney } from '../../lib/format';
import { AddToCalendarButton, DownloadInvoiceButton } from '../../features/receipts/components/receipt-buttons';
import { CreditNoteButton } from '../../features/receipts/components/credit-note-button';
import { ReminderControls } from '../../features/push/components/reminder-controls';
import { CreditsWallet } from '../../features/certificates/components/credits-wallet';
import { useAuthToken } from '../../session/auth-token';

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
  title: { margin: 0, fontSize: 'clamp(1.75rem, 4vw, 2.25rem)' },
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))' },
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  cardTitle: { margin: 0, fontSize: tokens.fontSizeBase500 },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  stats: { display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: tokens.spacingHorizontalM },
  stat: {
    display: 'flex',
    flexDirection: 'column',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  statValue: { fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightBold },
  orders: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  order: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  orderHead: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center', justifyContent: 'space-between' },
  lines: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  line: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  state: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXXL,
    textAlign: 'center',
  },
});

const MEMBERSHIP_LABEL: Record<string, string> = { prime: 'Prime', business: 'Business' };

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function StateScreen({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <div className={styles.state}>{children}</div>;
}

function NotSignedIn() {
  return (
    <StateScreen>
      <div role="alert">
        <Text as="h1" size={500} weight="semibold">
          Please log in to view your profile
        </Text>
      </div>
      <ButtonLink to="/login" appearance="primary">
        Go to Login
      </ButtonLink>
    </StateScreen>
  );
}

function statusBadge(status: string) {
  if (status === 'completed')
    return (
      <Badge appearance="filled" color="success">
        completed
      </Badge>
    );
  // Issue 29: a completed order with a refund.
  if (status === 'partially refunded')
    return (
      <Badge appearance="tint" color="informative">
        partially refunded
      </Badge>
    );
  if (status === 'pending')
    return (
      <Badge appearance="tint" color="warning">
        pending
      </Badge>
    );
  return (
    <Badge appearance="filled" color="danger">
      {status}
    </Badge>
  );
}

function OrderCard({ order }: { order: ProfileOrder }) {
  const styles = useStyles();
  return (
    <li className={styles.order} aria-label={`Order ${order.id.slice(0, 8)}`}>
      <div className={styles.orderHead}>
        <Text weight="semibold">Order #{order.id.slice(0, 8)}</Text>
        <Text>{formatDate(order.createdAt)}</Text>
        <Text weight="semibold">{formatMoney(order.total)}</Text>
        {statusBadge(orderStatusLabel(order))}
      </div>
      <ul className={styles.lines}>
        {order.items.map((item, index) => (
          <li key={index} className={styles.line}>
            <span>{item.quantity > 1 ? `${item.title} × ${item.quantity}` : item.title}</span>
            <span>{item.quantity > 1 ? `${item.quantity} × ${formatMoney(item.price)}` : formatMoney(item.price)}</span>
          </li>
        ))}
        {(order.discounts ?? []).map((discount) => (
          <li key={discount.label} className={styles.line} data-testid="order-discount">
            <span>{discount.label}</span>
            <span>−{formatMoney(discount.amount)}</span>
          </li>
        ))}
      </ul>
      {order.refundDue ? (
        <Text size={200}>
          <strong>Refund due:</strong> {formatMoney(order.refundDue)} (you were already enrolled in part of this order)
        </Text>
      ) : null}
      {order.stripePaymentIntentId ? (
        <Text size={200}>
          <strong>Payment Details:</strong> paid by card, payment reference {order.stripePaymentIntentId}
        </Text>
      ) : null}
      {order.status === 'completed' || order.status === 'refunded' ? (
        <div className={styles.actions}>
          {order.invoiceNumber ? <Text size={200}>Invoice {order.invoiceNumber}</Text> : null}
          <DownloadInvoiceButton orderId={order.id} />
          {order.refunded ? <Text size={200}>Refunded: {formatMoney(order.refunded)}</Text> : null}
          {order.creditNotes?.map((note) => (
            <CreditNoteButton key={note.refundId} refundId={note.refundId} creditNoteNumber={note.number} />
          ))}
        </div>
      ) : null}
    </li>
  );
}

function Profile() {
  const styles = useStyles();
  const { user, isLoading } = useAuth();
  const token = useAuthToken();
  const profile = useProfile(!!user && !isLoading);

  if (isLoading || profile.isLoading) {
    return (
      <StateScreen>
        <Spinner label="Loading your profile..." />
      </StateScreen>
    );
  }
  if (profile.isError || !profile.data) {
    return (
      <StateScreen>
        <Text size={500} weight="semibold" role="alert">
          Failed to load profile data
        </Text>
        <Button appearance="primary" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </StateScreen>
    );
  }

  const { user: account, orders, enrollments } = profile.data;
  const summary = summarizeAccount(profile.data);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>My Profile</h1>
      <div className={styles.grid}>
        <Card className={styles.card}>
          <h2 className={styles.cardTitle}>Profile Information</h2>
          <dl className={styles.facts}>
            <dt className={styles.term}>Name</dt>
            <dd className={styles.detail}>{account.name}</dd>
            <dt className={styles.term}>Email</dt>
            <dd className={styles.detail}>{account.email}</dd>
            <dt className={styles.term}>Membership</dt>
            <dd className={styles.detail}>{account.membershipType ? MEMBERSHIP_LABEL[account.membershipType] : 'Standard'}</dd>
            <dt className={styles.term}>Member since</dt>
            <dd className={styles.detail}>{account.createdAt ? formatDate(account.createdAt) : 'N/A'}</dd>
          </dl>
        </Card>
        <Card className={styles.card}>
          <h2 className={styles.cardTitle}>Account Summary</h2>
          <div className={styles.stats}>
            <div className={styles.stat}>
              <Text>Total Orders</Text>
              <span className={styles.statValue} data-testid="total-orders">
                {summary.totalOrders}
              </span>
            </div>
            <div className={styles.stat}>
              <Text>Completed Orders</Text>
              <span className={styles.statValue} data-testid="completed-orders">
                {summary.completedOrders}
              </span>
            </div>
            <div className={styles.stat}>
              <Text>Total Spent</Text>
              <span className={styles.statValue} data-testid="total-spent">
                {formatMoney(summary.totalSpent)}
              </span>
            </div>
            <div className={styles.stat}>
              <Text>Active Enrollments</Text>
              <span className={styles.statValue} data-testid="active-enrollments">
                {summary.activeEnrollments}
              </span>
            </div>
          </div>
        </Card>
      </div>

      <ReminderControls preferences={profile.data.reminders} />
      {token ? <CreditsWallet viewer={token} /> : null}

      <Card className={styles.card}>
        <h2 className={styles.cardTitle}>Purchase History</h2>
        {orders.length === 0 ? (
          <StateScreen>
            <Text weight="semibold">No purchases yet</Text>
            <ButtonLink to="/courses" appearance="primary">
              Browse Courses
            </ButtonLink>
          </StateScreen>
        ) : (
          <ul className={styles.orders}>
            {orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </Card>

      <Card className={styles.card}>
        <h2 className={styles.cardTitle}>My Enrollments</h2>
        {enrollments.length === 0 ? (
          <Text>You are not enrolled in any course yet.</Text>
        ) : (
          <ul className={styles.orders}>
            {enrollments.map((enrollment) => (
              <li key={enrollment.id} className={styles.order}>
                <div className={styles.orderHead}>
                  <Text weight="semibold">{enrollment.courseTitle ?? `Course ${enrollment.courseId}`}</Text>
                  <Text size={200}>Course ID: {enrollment.courseId}</Text>
                  <Text>Enrolled {formatDate(enrollment.enrolledAt)}</Text>
                  <div className={styles.actions}>
                    {enrollment.calendar ? <AddToCalendarButton courseId={enrollment.courseId} /> : null}
                    <ButtonLink to={`/learn/${enrollment.courseId}`}>View Course</ButtonLink>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export default function ProfilePage() {
  return (
    <RequireRole guard="customer" signedOut={<NotSignedIn />}>
      <Profile />
    </RequireRole>
  );
}
