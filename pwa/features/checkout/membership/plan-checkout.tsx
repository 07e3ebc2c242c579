/**
 * Buying a membership on /membership (storefront spec §4 Membership purchase, §8): the buyer's
 * name and e-mail, then the card payment form for the chosen plan, beside a "Your plan" card.
 * A paid membership refreshes the current user and the profile.
 */
import { Button, Card, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CreateSubscriptionRequest, MembershipPriceId, PaymentIntentResponse } from '@contracts/checkout';
import { ArrowLeftIcon, LockIcon } from '@pwa/components/icons';
import { useNotify } from '@pwa/lib/notify';
import { NeedsConnectionNotice } from '@pwa/offline/needs-connection-notice';
import { useOnline } from '@pwa/offline/use-online';
import { profileKeys } from '@pwa/session/profile';
import { authKeys, useAuth } from '@pwa/session/use-auth';
import { useCreateSubscription } from '../api/subscription';
import { BuyerDetailsForm } from '../components/buyer-details-form';
import { BuyerSummary } from '../components/buyer-summary';
import { PaymentForm } from '../components/payment-form';
import { PaymentFormSkeleton } from '../components/payment-form-skeleton';
import { SetupError } from '../components/setup-error';
import { MembershipCoupon } from './membership-coupon';
import { membershipReturnPath, welcomeMessage, withPlan, type Buyer, type MembershipPlanKey } from '../lib/checkout-request';
import { PAYMENT_FAILED, SUBSCRIPTION_SETUP_FAILED, subscriptionSetupMessage } from '../lib/payment-errors';
import type { PaymentOutcome } from '../lib/payment-outcome';

/** What checkout needs of a plan (the membership feature's plans fit this shape). */
export interface CheckoutPlan {
  id: MembershipPlanKey;
  name: string;
  priceId: MembershipPriceId;
}

const useStyles = makeStyles({
  checkout: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 1.3fr) minmax(16rem, 0.9fr)' },
  },
  back: { alignSelf: 'flex-start' },
  card: {
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusXLarge,
  },
  cardTitle: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  brandIcon: { color: tokens.colorBrandForeground1 },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
});

export interface PlanCheckoutProps {
  plan: CheckoutPlan;
  /** What the "Your plan" card shows of the chosen plan. */
  summary: ReactNode;
  onBack: () => void;
  onDone: () => void;
}

export function PlanCheckout({ plan, summary, onBack, onDone }: PlanCheckoutProps) {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const subscription = useCreateSubscription();
  const [buyer, setBuyer] = useState<Buyer | null>(null);
  const [draft, setDraft] = useState<Buyer | null>(null);
  // A coupon applied on the payment step: the payment it opened replaces the one without it.
  const [coupon, setCoupon] = useState<{ code: string; intent: PaymentIntentResponse } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The chosen card's button is gone: move focus to the step that replaced it.
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);

  /** Opens the payment; `couponCode` when a new one replaces a declined payment that had the coupon (it is asked for again). */
  const start = (details: Buyer, couponCode?: string) => {
    setBuyer(details);
    setCoupon(null);
    const request: CreateSubscriptionRequest = { name: details.name, email: details.email, priceId: plan.priceId, ...(couponCode ? { couponCode } : {}) };
    subscription.mutate(request, {
      onSuccess: (intent) => {
        if (couponCode) setCoupon({ code: couponCode, intent });
      },
      onError: (error) => notify({ title: SUBSCRIPTION_SETUP_FAILED, description: subscriptionSetupMessage(error), variant: 'destructive' }),
    });
  };

  const change = () => {
    setDraft(buyer);
    setBuyer(null);
    setCoupon(null);
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
      if (outcome.renewIntent && buyer) start(buyer, coupon?.code);
    }
  };

  const online = useOnline();
  let step;
  if (!online) {
    step = <NeedsConnectionNotice action="Paying for a membership" />;
  } else if (!buyer) {
    step = (
      <>
        <p className={styles.muted}>
          Your membership is attached to the account for this e-mail address. We create one for you if you are new; an existing account gets it at once when you
          are signed in to it, otherwise at its next sign-in.
        </p>
        <BuyerDetailsForm
          initial={draft ?? (user ? { name: user.name, email: user.email } : undefined)}
          emailHint="For your receipt and sign-in"
          submitLabel="Continue to Payment"
          onSubmit={start}
        />
      </>
    );
  } else {
    const intent = coupon?.intent ?? subscription.data;
    step = (
      <>
        <BuyerSummary label="Membership for" buyer={buyer} onChange={change} disabled={subscription.isPending} />
        {subscription.isError ? (
          <SetupError title={SUBSCRIPTION_SETUP_FAILED} message={subscriptionSetupMessage(subscription.error)} onRetry={() => start(buyer, coupon?.code)} />
        ) : intent ? (
          <>
            <MembershipCoupon
              request={{ name: buyer.name, email: buyer.email, priceId: plan.priceId }}
              applied={coupon}
              onApplied={setCoupon}
              disabled={subscription.isPending}
            />
            <PaymentForm
              key={intent.clientSecret}
              processor={intent.processor}
              clientSecret={intent.clientSecret}
              returnUrl={`${window.location.origin}${membershipReturnPath(plan.id)}`}
              submitLabel="Complete Payment"
              disabled={subscription.isPending}
              onOutcome={onOutcome}
            />
          </>
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
          {summary}
        </Card>
      </div>
    </>
  );
}
