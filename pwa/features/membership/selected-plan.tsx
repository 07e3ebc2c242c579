/** "Your plan" beside the membership checkout: the chosen plan's name, price, benefits and today's total. */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatMoney } from '@pwa/lib/format';
import type { MembershipPlan } from './membership-plans';
import { PlanBenefits } from './plan-card';

const useStyles = makeStyles({
  planName: { margin: 0, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightBold, letterSpacing: '0.06em' },
  planPrice: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightBold },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
});

export function SelectedPlan({ plan }: { plan: MembershipPlan }) {
  const styles = useStyles();
  return (
    <>
      <p className={styles.planName}>{plan.name}</p>
      <p className={styles.planPrice}>
        {plan.price}
        <Text size={400} className={styles.muted}>
          {' '}
          {plan.period}
        </Text>
      </p>
      <p className={styles.muted}>{plan.priceNote ?? plan.audience}</p>
      <PlanBenefits plan={plan} />
      <Text weight="semibold">Total today: {formatMoney(plan.annualPriceCents / 100)}</Text>
    </>
  );
}
