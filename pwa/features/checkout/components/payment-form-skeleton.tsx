/** Shown until a payment's client secret (and the payment form) are ready (storefront spec §2 Checkout). */
import { Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  label: { width: '30%' },
});

export function PaymentFormSkeleton() {
  const styles = useStyles();
  return (
    <div role="status" aria-live="polite">
      <Skeleton aria-label="Loading payment form" className={styles.root}>
        <SkeletonItem size={48} />
        <SkeletonItem className={styles.label} size={16} />
        <SkeletonItem size={32} />
        <div className={styles.row}>
          <SkeletonItem size={32} />
          <SkeletonItem size={32} />
        </div>
        <SkeletonItem className={styles.label} size={16} />
        <SkeletonItem size={32} />
        <SkeletonItem size={40} />
      </Skeleton>
    </div>
  );
}
