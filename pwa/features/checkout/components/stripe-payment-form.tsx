/**
 * Stripe's Payment Element. This module is only ever loaded with a dynamic import (its own
 * chunk), so neither Stripe.js nor @stripe/react-stripe-js is part of the first load.
 * `confirmPayment` redirects only when the payment method requires it (`redirect: 'if_required'`).
 */
import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens, webLightTheme } from '@fluentui/react-components';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Appearance, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { BRAND_TEAL } from '@pwa/components/layout/brand';
import { GENERIC_PAYMENT_MESSAGE } from '../lib/payment-errors';
import type { PaymentFormProps, PaymentOutcome } from '../lib/payment-outcome';
import { PayButton } from './pay-button';

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per publishable key (Stripe asks for loadStripe to be called once). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
    // A failed load (offline) may be retried on the next visit.
    stripe.catch(() => stripes.delete(publishableKey));
  }
  return stripe;
}

/** The Payment Element styled with the app's theme values (it renders in Stripe's iframe, where CSS variables do not reach). */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: BRAND_TEAL,
    colorText: webLightTheme.colorNeutralForeground1,
    colorDanger: webLightTheme.colorPaletteRedForeground1,
    colorBackground: webLightTheme.colorNeutralBackground1,
    fontFamily: webLightTheme.fontFamilyBase,
    borderRadius: webLightTheme.borderRadiusMedium,
  },
};

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

function StripeFields({ returnUrl, submitLabel, disabled, onOutcome }: Omit<PaymentFormProps, 'clientSecret'>) {
  const styles = useStyles();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    let outcome: PaymentOutcome;
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
      if (error) outcome = { status: 'error', message: error.message ?? GENERIC_PAYMENT_MESSAGE, renewIntent: false };
      // "processing": the payment is accepted and Stripe's webhook completes the order.
      else if (paymentIntent && (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing'))
        outcome = { status: 'succeeded', paymentIntentId: paymentIntent.id };
      else outcome = { status: 'error', message: GENERIC_PAYMENT_MESSAGE, renewIntent: false };
    } catch {
      outcome = { status: 'error', message: GENERIC_PAYMENT_MESSAGE, renewIntent: false };
    }
    await onOutcome(outcome);
    if (outcome.status === 'error') setSubmitting(false);
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Payment details">
      {loadError ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>The payment form could not be loaded</MessageBarTitle>
            {loadError}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={(event) => setLoadError(event.error.message ?? 'Check your connection and reload the page.')}
      />
      <PayButton label={submitLabel} ready={ready && !!stripe && !!elements} submitting={submitting} disabled={disabled} />
    </form>
  );
}

export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: PaymentFormProps & { publishableKey: string }) {
  return (
    <Elements key={clientSecret} stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: APPEARANCE }}>
      <StripeFields {...rest} />
    </Elements>
  );
}
