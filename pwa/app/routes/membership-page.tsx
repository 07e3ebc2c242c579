/**
 * /membership (storefront spec §2 Membership, §4 Membership purchase, §8, §9): a hero, the PRIME
 * and BUSINESS plans, a plan checkout (name and e-mail, then the card payment form), feature
 * cards and an FAQ. Also the payment return address: /membership?success=true shows the
 * "Subscription Successful" toast once. The sections live in features/membership, the plan
 * checkout in features/checkout/membership.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { profileKeys } from '../../session/profile';
import { authKeys } from '../../session/use-auth';
import { PlanCheckout } from '../../features/checkout/membership/plan-checkout';
import { isMembershipPlanKey, welcomeMessage } from '../../features/checkout/lib/checkout-request';
import { PAYMENT_FAILED } from '../../features/checkout/lib/payment-errors';
import { MembershipHero } from '../../features/membership/membership-hero';
import { MembershipFaq, MembershipFeatures } from '../../features/membership/membership-sections';
import { MEMBERSHIP_PLANS, membershipPlan, type MembershipPlanId } from '../../features/membership/membership-plans';
import { PlanCard } from '../../features/membership/plan-card';
import { SelectedPlan } from '../../features/membership/selected-plan';
import { useDocumentTitle } from '../../components/layout/content-page';
import { useNotify } from '../../lib/notify';

const useStyles = makeStyles({
  inner: { width: '100%', maxWidth: '72rem', margin: '0 auto', padding: `0 ${tokens.spacingHorizontalXL}` },
  body: { display: 'flex', flexDirection: 'column', gap: 'clamp(3rem, 8vw, 5rem)', padding: `clamp(2rem, 5vw, 3.5rem) 0 clamp(3rem, 8vw, 5rem)` },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, scrollMarginTop: '5rem' },
  sectionTitle: { margin: 0, fontSize: 'clamp(1.5rem, 3vw, 2rem)', lineHeight: 1.25, fontWeight: tokens.fontWeightBold, textAlign: 'center' },
  plans: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
    maxWidth: '60rem',
    width: '100%',
    margin: '0 auto',
    paddingTop: tokens.spacingVerticalM,
  },
});

export default function MembershipPage() {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<MembershipPlanId | null>(null);
  const plansRef = useRef<HTMLElement>(null);
  const plansTitleRef = useRef<HTMLHeadingElement>(null);
  const returning = useRef(false);
  const announced = useRef(false);
  useDocumentTitle('Membership');

  // The payment return address: say so once, then drop the query so a reload does not repeat it.
  const success = params.get('success') === 'true';
  useEffect(() => {
    if (!success || announced.current) return;
    announced.current = true;
    const redirectStatus = params.get('redirect_status');
    if (redirectStatus && redirectStatus !== 'succeeded') {
      notify({ title: PAYMENT_FAILED, description: 'Your payment was not completed. Nothing has been charged; please try again.', variant: 'destructive' });
    } else {
      const plan = params.get('plan');
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      notify({ title: 'Subscription Successful', description: welcomeMessage(isMembershipPlanKey(plan) ? plan : null) });
    }
    setParams({}, { replace: true });
  }, [success, params, setParams, notify, queryClient]);

  const showPlans = () => {
    returning.current = true;
    setSelected(null);
  };

  // Back on the plan list: focus its heading and bring it into view.
  useEffect(() => {
    if (selected || !returning.current) return;
    returning.current = false;
    plansTitleRef.current?.focus({ preventScroll: true });
    plansRef.current?.scrollIntoView({ block: 'start' });
  }, [selected]);

  const choose = (id: MembershipPlanId) => {
    setSelected(id);
    plansRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <div>
      <MembershipHero />
      <div className={styles.inner}>
        <div className={styles.body}>
          <section ref={plansRef} className={styles.section} {...(selected ? { 'aria-label': 'Membership checkout' } : { 'aria-labelledby': 'plans-title' })}>
            {selected ? (
              <PlanCheckout
                key={selected}
                plan={membershipPlan(selected)}
                summary={<SelectedPlan plan={membershipPlan(selected)} />}
                onBack={showPlans}
                onDone={showPlans}
              />
            ) : (
              <>
                <h2 className={styles.sectionTitle} id="plans-title" ref={plansTitleRef} tabIndex={-1}>
                  Choose your plan
                </h2>
                <div className={styles.plans}>
                  {MEMBERSHIP_PLANS.map((plan) => (
                    <PlanCard key={plan.id} plan={plan} onChoose={() => choose(plan.id)} />
                  ))}
                </div>
              </>
            )}
          </section>
          <MembershipFeatures />
          <MembershipFaq />
        </div>
      </div>
    </div>
  );
}
