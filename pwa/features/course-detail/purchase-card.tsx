/** "Enroll in this course": the one price and an Add to Cart button, for a course without pricing tiers. */
import { Button, Card, makeStyles, tokens } from '@fluentui/react-components';
import type { Course } from '@contracts/catalogue';
import { CartIcon } from '../../components/icons';
import { formatCardPrice } from '../../lib/format';
import { toCartItem } from '../../catalogue/components/course-tiers';
import { useAddToCart } from '../../catalogue/components/use-add-to-cart';
import { useCourseSectionStyles } from './course-detail-styles';
import { isOnDemand } from './course-kind';

export const usePurchaseStyles = makeStyles({
  tiersHeading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  purchasePrice: {
    margin: 0,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
  },
  muted: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
});

export function PurchaseCard({ course }: { course: Course }) {
  const styles = usePurchaseStyles();
  const section = useCourseSectionStyles();
  const addToCart = useAddToCart();
  return (
    <Card className={section.section} role="region" aria-labelledby="purchase-title">
      <h2 className={styles.tiersHeading} id="purchase-title">
        Enroll in this course
      </h2>
      <p className={styles.purchasePrice}>${formatCardPrice(course.price)}</p>
      <p className={styles.muted}>
        {isOnDemand(course) ? 'One-time payment, instant access after checkout.' : 'One seat, confirmed by e-mail after checkout.'}
      </p>
      <Button appearance="primary" size="large" icon={<CartIcon />} onClick={() => addToCart(toCartItem(course), 1)}>
        Add to Cart
      </Button>
    </Card>
  );
}
