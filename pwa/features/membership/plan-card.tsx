/**
 * One membership plan on /membership: name, price, audience and benefits, with the "MOST
 * POPULAR" mark. The whole card opens the plan's checkout; the button is its one focus stop.
 */
import { Badge, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckIcon, StarIcon } from '@pwa/components/icons';
import { MOST_POPULAR_LABEL } from '@contracts/membership';

/** What the card shows of a plan (the membership feature's plans fit this shape). */
export interface PlanCardData {
  id: string;
  name: string;
  price: string;
  period: string;
  priceNote?: string;
  audience: string;
  features: readonly string[];
  mostPopular: boolean;
}

const useStyles = makeStyles({
  card: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `clamp(1.5rem, 4vw, 2.25rem)`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
    cursor: 'pointer',
    transitionProperty: 'box-shadow, transform, border-color',
    transitionDuration: tokens.durationNormal,
    transitionTimingFunction: tokens.curveEasyEase,
    ':hover': { boxShadow: tokens.shadow16, border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}` },
    ':focus-within': { boxShadow: tokens.shadow16 },
    '@media (prefers-reduced-motion: no-preference)': { ':hover': { transform: 'translateY(-2px)' } },
  },
  popular: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    boxShadow: tokens.shadow16,
    ':hover': { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`, boxShadow: tokens.shadow28 },
  },
  ribbon: { position: 'absolute', top: 0, right: tokens.spacingHorizontalXL, transform: 'translateY(-50%)' },
  name: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '0.06em',
    color: tokens.colorBrandForeground1,
  },
  audience: { margin: 0, color: tokens.colorNeutralForeground2 },
  price: { margin: 0, display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalXS },
  amount: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightBold, color: tokens.colorNeutralForeground1 },
  period: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase400 },
  note: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  features: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS, flexGrow: 1 },
  feature: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', lineHeight: tokens.lineHeightBase300 },
  check: { flexShrink: 0, marginTop: '2px', color: tokens.colorPaletteGreenForeground1 },
  choose: {
    width: '100%',
    // Stretched over the card so a click anywhere on it chooses the plan.
    '::before': { content: '""', position: 'absolute', inset: 0, borderRadius: tokens.borderRadiusXLarge },
  },
});

/** A plan's benefits as a checked list (the plan cards and the plan checkout step). */
export function PlanBenefits({ plan }: { plan: Pick<PlanCardData, 'name' | 'features'> }) {
  const styles = useStyles();
  return (
    <ul className={styles.features} aria-label={`${plan.name} benefits`}>
      {plan.features.map((feature) => (
        <li key={feature} className={styles.feature}>
          <CheckIcon size={16} className={styles.check} />
          {feature}
        </li>
      ))}
    </ul>
  );
}

export function PlanCard({ plan, onChoose }: { plan: PlanCardData; onChoose: () => void }) {
  const styles = useStyles();
  const titleId = `plan-${plan.id}-title`;
  return (
    <article className={mergeClasses(styles.card, plan.mostPopular && styles.popular)} aria-labelledby={titleId}>
      {plan.mostPopular ? (
        <Badge className={styles.ribbon} appearance="filled" color="brand" shape="rounded" size="large" icon={<StarIcon size={12} />}>
          {MOST_POPULAR_LABEL}
        </Badge>
      ) : null}
      <h3 className={styles.name} id={titleId}>
        {plan.name}
      </h3>
      <p className={styles.audience}>{plan.audience}</p>
      <p className={styles.price}>
        <span className={styles.amount}>{plan.price}</span>
        <span className={styles.period}>{plan.period}</span>
      </p>
      {plan.priceNote ? <p className={styles.note}>{plan.priceNote}</p> : null}
      <PlanBenefits plan={plan} />
      <Button className={styles.choose} appearance={plan.mostPopular ? 'primary' : 'outline'} size="large" onClick={onChoose}>
        Choose {plan.name}
      </Button>
    </article>
  );
}
