/** Placeholder with the shape of a course card, shown while a listing loads. */
import { Card, Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  card: { padding: 0, gap: 0, overflow: 'hidden', borderRadius: tokens.borderRadiusXLarge, boxShadow: tokens.shadow4, height: '100%' },
  media: { width: '100%', height: 'auto', aspectRatio: '16 / 9', borderRadius: 0 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  short: { width: '35%' },
  medium: { width: '60%' },
  footer: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', paddingTop: tokens.spacingVerticalM },
  price: { width: '25%', height: '28px' },
  button: { width: '40%', height: '32px' },
});

export function CourseCardSkeleton() {
  const styles = useStyles();
  return (
    <Card className={styles.card} data-testid="course-card-skeleton" aria-hidden>
      <Skeleton aria-label="Loading course">
        <SkeletonItem className={styles.media} shape="rectangle" />
        <div className={styles.body}>
          <SkeletonItem className={styles.short} size={12} />
          <SkeletonItem size={20} />
          <SkeletonItem className={styles.medium} size={20} />
          <SkeletonItem className={styles.medium} size={12} />
          <SkeletonItem className={styles.short} size={12} />
          <div className={styles.footer}>
            <SkeletonItem className={styles.price} />
            <SkeletonItem className={styles.button} />
          </div>
        </div>
      </Skeleton>
    </Card>
  );
}
