/**
 * /membership (storefront spec §2 Membership, §4 Membership purchase, §8, §9): a hero, the PRIME
 * and BUSINESS plans, a plan checkout (name and e-mail, then the card payment form), feature
 * cards and an FAQ. Also the payment return address: /membership?success=true shows the
 * "Subscription Successful" toast once.
 */
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CreateSubscriptionRequest } from '@contracts/checkout';
import { profileKeys } from '../../features/account/profile-query';
import { authKeys, useAuth } from '../../features/auth/use-auth';
import { useCreateSubscription } from '../../features/checkout/api/subscription';
import { BuyerDetailsForm } from '../../features/checkout/components/buyer-details-form';
import { ArrowLeftIcon, CheckIcon, LockIcon } from '../../components/icons';
import { PaymentForm } from '../../features/checkout/components/payment-form';
import { NeedsConnectionNotice } from '../../offline/needs-connection-notice';
import { useOnline } from '../../offline/use-online';
import { PaymentFormSkeleton } from '../../features/checkout/components/payment-form-skeleton';
import { SetupError } from '../../features/checkout/components/setup-error';
import { isMembershipPlanKey, membershipReturnPath, welcomeMessage, withPlan, type Buyer } from '../../features/checkout/lib/checkout-request';
import { PAYMENT_FAILED, SUBSCRIPTION_SETUP_FAILED, subscriptionSetupMessage } from '../../features/checkout/lib/payment-errors';
import type { PaymentOutcome } from '../../features/checkout/lib/payment-outcome';
import { PlanBenefits, PlanCard } from '../../features/checkout/membership/plan-card';
import { MembershipFaq, MembershipFeatures } from '../../features/checkout/membership/membership-sections';
import { BRAND_TEAL } from '../../components/layout/brand';
import { useDocumentTitle } from '../../components/layout/content-page';
import { MEMBERSHIP_PLANS, membershipPlan, type MembershipPlan, type MembershipPlanId } from '../../features/membership/membership-plans';
import { formatMoney } from '../../lib/format';
import { useNotify } from '../../lib/notify';

const useStyles = makeStyles({
  hero: {
    backgroundImage: `linear-gradient(160deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    padding: `clamp(2.5rem, 7vw, 5rem) 0 clamp(2rem, 5vw, 3.5rem)`,
    textAlign: 'center',
  },
  inner: { width: '100%', maxWidth: '72rem', margin: '0 auto', padding: `0 ${tokens.spacingHorizontalXL}` },
  eyebrow: { margin: 0, color: BRAND_TEAL, fontWeight: tokens.fontWeightSemibold, textTransform: 'uppercase', letterSpacing: '0.08em', fontSize: tokens.fontSizeBase200 },
  title: { margin: `${tokens.spacingVerticalS} auto 0`, maxWidth: '46rem', fontSize: 'clamp(2rem, 5vw, 3rem)', lineHeight: 1.15, fontWeight: tokens.fontWeightBold },
  intro: { margin: `${tokens.spacingVerticalL} auto 0`, maxWidth: '42rem', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 },
  proof: { listStyleType: 'none', margin: `${tokens.spacingVerticalXL} 0 0`, padding: 0, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`, color: tokens.colorNeutralForeground2 },
  proofItem: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  proofIcon: { color: tokens.colorPaletteGreenForeground1 },
  body: { display: 'flex', flexDirection: 'column', gap: 'clamp(3rem, 8vw, 5rem)', padding: `clamp(2rem, 5vw, 3.5rem) 0 clamp(3rem, 8vw, 5rem)` },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, scrollMarginTop: '5rem' },
  sectionTitle: { margin: 0, fontSize: 'clamp(1.5rem, 3vw, 2rem)', lineHeight: 1.25, fontWeight: tokens.fontWeightBold, textAlign: 'center' },
  plans: { display: 'grid', gap: tokens.spacingHorizontalXXL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))', maxWidth: '60rem', width: '100%', margin: '0 auto', paddingTop: tokens.spacingVerticalM },
  checkout: { display: 'grid', gap: tokens.spacingHorizontalXXL, alignItems: 'start', gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 1.3fr) minmax(16rem, 0.9fr)' } },
  back: { alignSelf: 'flex-start' },
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, borderRadius: tokens.borderRadiusXLarge },
  cardTitle: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  brandIcon: { color: tokens.colorBrandForeground1 },
  planName: { margin: 0, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightBold, letterSpacing: '0.06em' },
  planPrice: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightBold },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  check: { flexShrink: 0, marginTop: '2px', color: tokens.colorPaletteGreenForeground1 },
  buyer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

const HERO_POINTS = ['Founded in 2012', 'Certificates of attendance', 'Offices in Canada and India'] as const;

function PlanCheckout({ plan, onBack, onDone }: { plan: MembershipPlan; onBack: () => void; onDone: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const subscription = useCreateSubscription();
  const [buyer, setBuyer] = useState<Buyer | null>(null);
  const [draft, setDraft] = useState<Buyer | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The chosen card's button is gone: move focus to the step that replaced it.
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);

  const start = (details: Buyer) => {
    setBuyer(details);
    const request: CreateSubscriptionRequest = { name: details.name, email: details.email, priceId: plan.priceId };
    subscription.mutate(request, {
      onError: (error) => notify({ title: SUBSCRIPTION_SETUP_FAILED, description: subscriptionSetupMessage(error), variant: 'destructive' }),
    });
  };

  const change = () => {
    setDraft(buyer);
    setBuyer(null);
    subscription.reset();
  };

  const onOutcome = (outcome: PaymentOutcome) => {
    if (outcome.status === 'succeeded') {
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      notify({ title: 'Subscription Successful', description: welcomeMessage(plan.id) });
      onDone();
    } else if (outcome.status === 'requires_action') {
      navigate(withPlan(outcome.url, plan.id));
    } else {
      notify({ title: PAYMENT_FAILED, description: outcome.message, variant: 'destructive' });
      if (outcome.renewIntent && buyer) start(buyer);
    }
  };

  const online = useOnline();
  let step;
  if (!online) {
    step = <NeedsConnectionNotice action="Paying for a membership" />;
  } else if (!buyer) {
    step = (
      <>
        <p className={styles.muted}>Your membership is attached to the account for this e-mail address. We create one for you if you are new.</p>
        <BuyerDetailsForm
          initial={draft ?? (user ? { name: user.name, email: user.email } : undefined)}
          emailHint="For your receipt and sign-in"
          submitLabel="Continue to Payment"
          onSubmit={start}
        />
      </>
    );
  } else {
    const intent = subscription.data;
    step = (
      <>
        <div className={styles.buyer}>
          <Text>
            Membership for <strong>{buyer.name}</strong> ({buyer.email})
          </Text>
          <Button appearance="subtle" size="small" onClick={change} disabled={subscription.isPending}>
            Change details
          </Button>
        </div>
        {subscription.isError ? (
          <SetupError title={SUBSCRIPTION_SETUP_FAILED} message={subscriptionSetupMessage(subscription.error)} onRetry={() => start(buyer)} />
        ) : intent ? (
          <PaymentForm
            processor={intent.processor}
            clientSecret={intent.clientSecret}
            returnUrl={`${window.location.origin}${membershipReturnPath(plan.id)}`}
            submitLabel="Complete Payment"
            disabled={subscription.isPending}
            onOutcome={onOutcome}
          />
        ) : (
          <PaymentFormSkeleton />
        )}
      </>
    );
  }

  return (
    <>
      <Button className={styles.back} appearance="subtle" icon={<ArrowLeftIcon />} onClick={onBack}>
        Back to Plans
      </Button>
      <div className={styles.checkout}>
        <Card className={styles.card} role="region" aria-labelledby="membership-checkout-title">
          <h2 className={styles.cardTitle} id="membership-checkout-title" ref={headingRef} tabIndex={-1}>
            <LockIcon className={styles.brandIcon} />
            Complete your {plan.name} membership
          </h2>
          {step}
        </Card>
        <Card className={styles.card} role="region" aria-labelledby="selected-plan-title">
          <h2 className={styles.cardTitle} id="selected-plan-title">
            Your plan
          </h2>
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
        </Card>
      </div>
    </>
  );
}

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
      <header className={styles.hero}>
        <div className={styles.inner}>
          <p className={styles.eyebrow}>Membership</p>
          <h1 className={styles.title}>Stay inspection-ready all year</h1>
          <p className={styles.intro}>
            One annual membership for quality, regulatory and clinical professionals: member pricing on seminars and webinars, certificates for your training
            file, and support from people who know GxP.
          </p>
          <ul className={styles.proof}>
            {HERO_POINTS.map((point) => (
              <li key={point} className={styles.proofItem}>
                <CheckIcon size={16} className={styles.proofIcon} />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </header>
      <div className={styles.inner}>
        <div className={styles.body}>
          <section ref={plansRef} className={styles.section} {...(selected ? { 'aria-label': 'Membership checkout' } : { 'aria-labelledby': 'plans-title' })}>
            {selected ? (
              <PlanCheckout key={selected} plan={membershipPlan(selected)} onBack={showPlans} onDone={showPlans} />
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
