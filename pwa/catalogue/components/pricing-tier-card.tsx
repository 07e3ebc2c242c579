/**
 * One pricing tier on the course detail page (storefront spec §2 Course detail, §4 Cart): name,
 * price, description, features, a 1–99 quantity and "Add to Cart" adding one item per unit.
 * The default tier carries the "Most Popular" mark.
 */
import { Badge, Button, Card, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Course, PricingTier } from '@contracts/catalogue';
import { formatCardPrice } from '@pwa/lib/format';
import { CartIcon, CheckIcon, StarIcon } from '@pwa/components/icons';
import { toCartItem } from './course-tiers';
import { QuantitySelector } from './quantity-selector';
import { useAddToCart } from './use-add-to-cart';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  popular: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    boxShadow: tokens.shadow16,
  },
  top: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  name: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  price: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
  },
  description: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  features: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  feature: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground1,
  },
  check: { flexShrink: 0, marginTop: '2px', color: tokens.colorPaletteGreenForeground1 },
  actions: { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  total: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  add: { width: '100%' },
});

export function PricingTierCard({ course, tier }: { course: Course; tier: PricingTier }) {
  const styles = useStyles();
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const unit = Number(tier.price);
  const titleId = `tier-${tier.id}`;

  return (
    <Card className={mergeClasses(styles.card, tier.isDefault && styles.popular)} role="region" aria-labelledby={titleId}>
      <div className={styles.top}>
        <h3 className={styles.name} id={titleId}>
          {tier.name}
        </h3>
        {tier.isDefault ? (
          <Badge appearance="filled" color="brand" shape="rounded" icon={<StarIcon size={12} />}>
            Most Popular
          </Badge>
        ) : null}
      </div>
      <p className={styles.price}>${formatCardPrice(tier.price)}</p>
      {tier.description ? <p className={styles.description}>{tier.description}</p> : null}
      {tier.features.length > 0 ? (
        <ul className={styles.features} aria-label={`${tier.name} features`}>
          {tier.features.map((feature) => (
            <li key={feature} className={styles.feature}>
              <CheckIcon size={16} className={styles.check} />
              {feature}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.actions}>
        <QuantitySelector value={quantity} onChange={setQuantity} itemName={tier.name} />
        {quantity > 1 && Number.isFinite(unit) ? <span className={styles.total}>Total ${formatCardPrice(Math.round(unit * quantity * 100) / 100)}</span> : null}
      </div>
      <Button
        className={styles.add}
        appearance={tier.isDefault ? 'primary' : 'secondary'}
        size="large"
        icon={<CartIcon />}
        aria-label={`Add to Cart: ${tier.name}`}
        onClick={() => addToCart(toCartItem(course, tier), quantity)}
      >
        Add to Cart
      </Button>
    </Card>
  );
}
