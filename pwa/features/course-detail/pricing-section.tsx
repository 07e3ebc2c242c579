/**
 * The purchase side of the course page: "Choose Your Option" with one card per pricing tier, the
 * plain purchase card when the course has no tiers, a skeleton while the tiers load.
 */
import { Card, Skeleton, SkeletonItem } from '@fluentui/react-components';
import type { Course } from '@contracts/catalogue';
import { usePricingTiers } from '../../catalogue/api/pricing-tiers';
import { PricingTierCard } from '../../catalogue/components/pricing-tier-card';
import { useCourseSectionStyles } from './course-detail-styles';
import { PurchaseCard, usePurchaseStyles } from './purchase-card';

export function PricingSection({ course }: { course: Course }) {
  const section = useCourseSectionStyles();
  const styles = usePurchaseStyles();
  const tiers = usePricingTiers(course.id);
  if (tiers.isPending) {
    return (
      <Card className={section.section} aria-hidden>
        <Skeleton aria-label="Loading pricing" className={section.skeletonStack}>
          <SkeletonItem className={section.skeletonShort} size={24} />
          <SkeletonItem size={40} />
          <SkeletonItem size={16} />
          <SkeletonItem size={36} />
        </Skeleton>
      </Card>
    );
  }
  if (!tiers.data || tiers.data.length === 0) return <PurchaseCard course={course} />;
  return (
    <section className={section.skeletonStack} aria-labelledby="pricing-title">
      <h2 className={styles.tiersHeading} id="pricing-title">
        Choose Your Option
      </h2>
      {tiers.data.map((tier) => (
        <PricingTierCard key={tier.id} course={course} tier={tier} />
      ))}
    </section>
  );
}
