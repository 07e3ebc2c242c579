/**
 * The back office's coupons (issue 35, point 1; admins): every coupon, newest first — its code, what
 * it takes off and on what (the server's words) with its conditions, its uses against its limit
 * (and those held by open checkouts), when it is valid and its status now — with "Pause" or
 * "Resume" (through the outbox) and a link to its usage report; "New coupon" opens the form.
 * Writes still on this device show in the list, marked "Not synced yet".
 */
import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { AdminList } from '@pwa/components/admin/admin-list';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { couponReportPath } from '../api/coupon-keys';
import { useCoupons } from '../api/get-coupons';
import { conditionsText, couponStatus, usesText, validText } from '../lib/coupon-texts';
import { isPendingCoupon, usePendingCoupons, withPendingCoupons, type CouponRow } from '../lib/pending-coupons';
import { PauseButton, StatusBadge, usePauseToggle } from './coupon-actions';
import { NewCouponDialog } from './new-coupon-dialog';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'flex-end' },
  stack: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  sub: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export function CouponsScreen() {
  const styles = useStyles();
  const coupons = useCoupons();
  const pending = usePendingCoupons();
  const pause = usePauseToggle();
  const [creating, setCreating] = useState(false);
  const rows = withPendingCoupons(coupons.data, pending);

  return (
    <>
      <div className={styles.bar}>
        <Button appearance="primary" onClick={() => setCreating(true)}>
          New coupon
        </Button>
      </div>
      <AdminList<CouponRow>
        query={coupons}
        rows={rows}
        what="coupons"
        label="Coupons"
        rowKey={(c) => c.id}
        searchText={(c) => `${c.code} ${c.summary}`}
        searchLabel="Search coupons"
        empty={{ title: 'No coupons yet', description: 'Make one with “New coupon”.' }}
        columns={[
          {
            id: 'code',
            header: 'Code',
            cell: (c) => (
              <span className={styles.stack}>
                <Text font="monospace" weight="semibold">
                  {c.code}
                </Text>
                {c.notSynced ? (
                  <Badge appearance="tint" color="warning" size="small">
                    Not synced yet
                  </Badge>
                ) : null}
              </span>
            ),
            sortValue: (c) => c.code,
          },
          {
            id: 'discount',
            header: 'Discount',
            cell: (c) => (
              <span className={styles.stack}>
                <Text>{c.summary}</Text>
                {conditionsText(c) ? <span className={styles.sub}>{conditionsText(c)}</span> : null}
              </span>
            ),
            sortValue: (c) => c.summary,
          },
          { id: 'uses', header: 'Uses', cell: (c) => usesText(c), sortValue: (c) => c.uses },
          { id: 'valid', header: 'Valid', cell: (c) => validText(c), sortValue: (c) => c.endsAt ?? '9999' },
          { id: 'status', header: 'Status', cell: (c) => <StatusBadge coupon={c} />, sortValue: (c) => couponStatus(c) },
          {
            id: 'actions',
            header: 'Actions',
            shrink: true,
            cell: (c) =>
              isPendingCoupon(c) ? null : (
                <span className={styles.rowActions}>
                  <PauseButton coupon={c} pause={pause} />
                  <ButtonLink size="small" to={couponReportPath(c.id)} aria-label={`Usage report of ${c.code}`}>
                    Usage report
                  </ButtonLink>
                </span>
              ),
          },
        ]}
      />
      <NewCouponDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
