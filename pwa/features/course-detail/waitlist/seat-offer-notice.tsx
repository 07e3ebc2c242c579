/**
 * The seat a waitlist offered the signed-in person (issue 35), shown above everything they could
 * buy: "A seat is held for you until …" (their local date and time) with "Book your seat", which
 * puts the course (its default tier, if it has tiers) in the cart and opens checkout; once they
 * are at checkout, "Finish your checkout to keep your seat" with the way back there.
 */
import { Button, Card, makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import type { Course } from '@contracts/catalogue';
import type { WaitlistPlace } from '@contracts/waitlists';
import { usePricingTiers } from '@pwa/catalogue/api/pricing-tiers';
import { pickDefaultTier, toCartItem } from '@pwa/catalogue/components/course-tiers';
import { useAddToCart } from '@pwa/catalogue/components/use-add-to-cart';
import { ButtonLink } from '@pwa/components/layout/router-links';
import { CartIcon } from '@pwa/components/icons';
import { WAITLIST_TEXTS, heldUntilText } from './waitlist-texts';

const useStyles = makeStyles({
  notice: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorBrandBackground2,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  text: { margin: 0, color: tokens.colorNeutralForeground1, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
});

export function SeatOfferNotice({ course, place, online }: { course: Course; place: WaitlistPlace; online: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const tiers = usePricingTiers(course.id, place.status === 'offered');

  if (place.status === 'checkout') {
    return (
      <Card className={styles.notice} role="region" aria-labelledby="seat-offer-title">
        <h2 className={styles.title} id="seat-offer-title">
          {WAITLIST_TEXTS.finishCheckout}
        </h2>
        <p className={styles.text}>{WAITLIST_TEXTS.checkoutHint}</p>
        <ButtonLink to="/checkout" appearance="primary" size="large">
          {WAITLIST_TEXTS.toCheckout}
        </ButtonLink>
      </Card>
    );
  }

  const book = () => {
    // Already in the cart is fine too: either way the seat is bought at checkout.
    addToCart(toCartItem(course, pickDefaultTier(tiers.data ?? [])), 1);
    navigate('/checkout');
  };
  return (
    <Card className={styles.notice} role="region" aria-labelledby="seat-offer-title">
      <h2 className={styles.title} id="seat-offer-title">
        {place.offerExpiresAt ? heldUntilText(place.offerExpiresAt) : WAITLIST_TEXTS.book}
      </h2>
      <p className={styles.text}>{WAITLIST_TEXTS.bookHint}</p>
      <Button appearance="primary" size="large" icon={<CartIcon />} disabled={!online || tiers.isPending} onClick={book}>
        {WAITLIST_TEXTS.book}
      </Button>
    </Card>
  );
}
