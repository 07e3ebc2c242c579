/**
 * The card payment form of /checkout and /membership, by active processor (GET /api/config):
 * the built-in test processor's card form, or Stripe's Payment Element loaded on demand. Both
 * report the same outcome to the page: succeeded, requires_action (go to a URL) or error.
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Suspense } from 'react';
import { ErrorBoundary } from '@pwa/components/error-boundary';
import { retryableLazy } from '@pwa/lib/retryable-lazy';
import type { PaymentProcessorKind } from '@contracts/checkout';
import { usePaymentConfig } from '../api/payment-config';
import type { PaymentFormProps } from '../lib/payment-outcome';
import { PaymentFormSkeleton } from './payment-form-skeleton';
import { TestCardForm } from './test-card-form';

// Its own chunk: Stripe code is fetched only when Stripe is the active processor. A chunk that
// fails says so in the form's place, with "Try again", which asks for it again.
const StripePaymentForm = retryableLazy(() => import('./stripe-payment-form'));

export interface ProcessorPaymentFormProps extends PaymentFormProps {
  /** The processor that created the payment (from the intent), used if the configuration cannot be read. */
  processor: PaymentProcessorKind;
}

export function PaymentForm({ processor, ...props }: ProcessorPaymentFormProps) {
  const config = usePaymentConfig();
  if (config.isPending) return <PaymentFormSkeleton />;
  const active = config.data?.paymentProcessor ?? processor;
  if (active === 'test') return <TestCardForm {...props} />;
  const publishableKey = config.data?.stripePublishableKey;
  if (!publishableKey) {
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Card payments are unavailable</MessageBarTitle>
          The payment service could not be reached. Check your connection and reload the page. Nothing has been charged.
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <ErrorBoundary title="The payment form could not be loaded" headingLevel="h3" note="Nothing has been charged.">
      <Suspense fallback={<PaymentFormSkeleton />}>
        <StripePaymentForm publishableKey={publishableKey} {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
