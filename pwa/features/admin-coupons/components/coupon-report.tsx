/**
 * A coupon's usage report (issue 35, point 1), /admin/coupons/:id: what it gives and its rules,
 * its status with "Pause" or "Resume", the figures (uses against the limit, uses held by open
 * checkouts, the discount given in all) and the paid orders that used it, newest first (order,
 * customer, discount, order total, when). Offline, the last report seen on this device, with a
 * pause or resume still waiting in the outbox shown as it will be.
 */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { COUPON_MESSAGES, type CouponDetail } from '@contracts/coupons';
import { AdminList } from '@pwa/components/admin/admin-list';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { StatCards } from '@pwa/components/admin/stat-cards';
import { EmptyState } from '@pwa/components/empty-state';
import { LoadError } from '@pwa/components/load-error';
import { ApiError } from '@pwa/lib/api-client';
import { formatDateTime } from '@pwa/lib/format';
import { useCoupon } from '../api/get-coupon';
import { centsText, conditionsText, shortId, validText } from '../lib/coupon-texts';
import { usePendingCoupons } from '../lib/pending-coupons';
import { PauseButton, StatusBadge, usePauseToggle } from './coupon-actions';

type Redemption = CouponDetail['redemptions'][number];

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  detail: { margin: 0 },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const BACK = { to: '/admin/coupons', label: 'Back to Coupons' };

function Facts({ coupon }: { coupon: CouponDetail }) {
  const styles = useStyles();
  const pause = usePauseToggle();
  const facts: Array<[string, ReactNode]> = [
    ['Discount', coupon.summary],
    ['Valid', validText(coupon, true)],
    ['Conditions', conditionsText(coupon) || 'None'],
    [
      'Status',
      <span key="status" className={styles.status}>
        <StatusBadge coupon={coupon} />
        <PauseButton coupon={coupon} pause={pause} />
      </span>,
    ],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, detail]) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.detail}>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CouponReport({ id }: { id: string }) {
  const styles = useStyles();
  const report = useCoupon(id);
  // A pause or resume still on this device shows as it will be.
  const queued = usePendingCoupons().paused.get(id);
  const coupon = report.data && queued !== undefined ? { ...report.data, paused: queued } : report.data;
  const redemptions = { ...report, data: coupon?.redemptions };

  if (report.isError) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return (
      <AdminPage title="Usage report" back={BACK}>
        {missing ? (
          <EmptyState title={COUPON_MESSAGES.notFound} />
        ) : (
          <LoadError error={report.error} onRetry={() => void report.refetch()} what="usage report" />
        )}
      </AdminPage>
    );
  }
  return (
    <AdminPage title={coupon ? `Usage report: ${coupon.code}` : 'Usage report'} back={BACK}>
      {coupon ? <Facts coupon={coupon} /> : <Text>Loading the coupon…</Text>}
      <StatCards
        loading={!coupon}
        items={[
          { label: 'Uses', value: coupon ? `${coupon.uses} of ${coupon.maxUses ?? 'unlimited'}` : '' },
          { label: 'Held by open checkouts', value: coupon?.held ?? 0 },
          { label: 'Discount given', value: centsText(coupon?.discountCents ?? 0) },
        ]}
      />
      <section className={styles.section} aria-labelledby="coupon-orders-heading">
        <h2 id="coupon-orders-heading" className={styles.heading}>
          Paid orders that used it
        </h2>
        <AdminList<Redemption>
          query={redemptions}
          what="usage report"
          label={coupon ? `Orders that used ${coupon.code}` : 'Orders that used the coupon'}
          rowKey={(r) => r.orderId}
          empty={{ title: 'No paid orders have used this code yet' }}
          columns={[
            {
              id: 'order',
              header: 'Order',
              cell: (r) => (
                <Text font="monospace" title={r.orderId}>
                  {shortId(r.orderId)}
                </Text>
              ),
              sortValue: (r) => r.orderId,
            },
            { id: 'customer', header: 'Customer', cell: (r) => r.customerEmail ?? '—', sortValue: (r) => r.customerEmail ?? '' },
            { id: 'discount', header: 'Discount', cell: (r) => centsText(r.discountCents), sortValue: (r) => r.discountCents },
            { id: 'total', header: 'Order total', cell: (r) => centsText(r.totalCents), sortValue: (r) => r.totalCents },
            { id: 'date', header: 'Date', cell: (r) => formatDateTime(r.redeemedAt), sortValue: (r) => r.redeemedAt },
          ]}
        />
      </section>
    </AdminPage>
  );
}
