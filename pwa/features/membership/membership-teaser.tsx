/**
 * "Membership Plans" on the home page (storefront spec §2): both plans, each with a link to
 * /membership. Not the /membership page's PlanCard (plan-card.tsx):
 * this card links instead of choosing, names its list "… features", always states the billing
 * ("One annual payment") and keeps the home page's teal look; sharing that component would also
 * bring its styles into the home page's first load.
 */
import { Badge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckIcon } from '../../components/icons';
import { BRAND_TEAL } from '../../components/layout/brand';
import { ButtonLink } from '../../components/layout/router-links';
import { MEMBERSHIP_PLANS, MOST_POPULAR_LABEL, type MembershipPlan } from './membership-plans';
import { SectionHead, useHomeSectionStyles } from '../../components/layout/home-section';

const useStyles = makeStyles({
  plans: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
    gap: tokens.spacingHorizontalXL,
    maxWidth: '60rem',
    margin: '0 auto',
    padding: 0,
    listStyle: 'none',
  },
  plan: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    height: '100%',
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
  },
  planPopular: { border: `${tokens.strokeWidthThick} solid ${BRAND_TEAL}`, boxShadow: tokens.shadow16 },
  planBadge: { position: 'absolute', top: `calc(-1 * ${tokens.spacingVerticalM})`, right: tokens.spacingHorizontalXL },
  planName: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightBold, letterSpacing: '0.08em', color: BRAND_TEAL },
  planAudience: { margin: 0, color: tokens.colorNeutralForeground2 },
  planPrice: { margin: 0, display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalXS },
  planAmount: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightBold },
  planPeriod: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400 },
  planNote: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, minHeight: tokens.lineHeightBase200 },
  features: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none', flexGrow: 1 },
  feature: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, lineHeight: tokens.lineHeightBase300 },
  featureIcon: { flexShrink: 0, color: BRAND_TEAL, marginTop: '2px' },
  brandButton: {
    backgroundColor: BRAND_TEAL,
    color: tokens.colorNeutralForegroundOnBrand,
    border: `${tokens.strokeWidthThin} solid ${BRAND_TEAL}`,
    ':hover': { backgroundColor: BRAND_TEAL, color: tokens.colorNeutralForegroundOnBrand, boxShadow: tokens.shadow8 },
    ':hover:active': { backgroundColor: BRAND_TEAL, color: tokens.colorNeutralForegroundOnBrand, boxShadow: 'none' },
  },
});

function HomePlanCard({ plan }: { plan: MembershipPlan }) {
  const styles = useStyles();
  const headingId = `home-plan-${plan.id}`;
  return (
    <article className={mergeClasses(styles.plan, plan.mostPopular && styles.planPopular)} aria-labelledby={headingId}>
      {plan.mostPopular ? (
        <Badge className={styles.planBadge} appearance="filled" color="warning" size="large" shape="rounded">
          {MOST_POPULAR_LABEL}
        </Badge>
      ) : null}
      <h3 id={headingId} className={styles.planName}>
        {plan.name}
      </h3>
      <p className={styles.planAudience}>{plan.audience}</p>
      <p className={styles.planPrice}>
        <span className={styles.planAmount}>{plan.price}</span>
        <span className={styles.planPeriod}>{plan.period}</span>
      </p>
      <p className={styles.planNote}>{plan.priceNote ?? 'One annual payment'}</p>
      <ul className={styles.features} aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className={styles.feature}>
            <CheckIcon size={18} className={styles.featureIcon} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <ButtonLink
        to="/membership"
        size="large"
        appearance={plan.mostPopular ? 'primary' : 'secondary'}
        className={plan.mostPopular ? styles.brandButton : undefined}
      >
        {`Choose ${plan.name}`}
      </ButtonLink>
    </article>
  );
}

export function MembershipTeaser() {
  const section = useHomeSectionStyles();
  const styles = useStyles();
  return (
    <section className={mergeClasses(section.section, section.sectionAlt)} aria-labelledby="home-membership-title">
      <div className={section.container}>
        <SectionHead
          id="home-membership-title"
          title="Membership Plans"
          intro="Save on every course all year, with certificates and priority support for you or your whole team."
        />
        <ul className={styles.plans}>
          {MEMBERSHIP_PLANS.map((plan) => (
            <li key={plan.id}>
              <HomePlanCard plan={plan} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
