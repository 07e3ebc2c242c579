/**
 * Checkout with nothing to pay (a 100 % coupon, a free course; issue 35): no card form. A signed-in
 * buyer confirms with "Complete Order" — the server completes the order at once and answers it
 * paid — and goes to /success like a paid order. A guest is asked to sign in first (no payment
 * vouches for an e-mail), and comes back to the checkout.
 */
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { FREE_ORDER_SIGN_IN, type CreatePaymentIntentRequest, type PaymentIntentResponse } from '@contracts/checkout';
import { TextLink } from '@pwa/components/layout/router-links';
import { loginReturningTo } from '@pwa/lib/return-path';
import { createPaymentIntent } from '../api/payment-intent';
import { PAYMENT_SETUP_FAILED, paymentSetupMessage } from '../lib/payment-errors';
import { SetupError } from './setup-error';

export const FREE_ORDER_TEXTS = {
  nothingToPay: 'Nothing to pay: no card is needed for this order.',
  complete: 'Complete Order',
  completing: 'Completing...',
  signIn: 'Sign in',
  changed: 'The total of your order has changed. Please review your cart and try again.',
} as const;

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

export function FreeOrder({
  request,
  onCompleted,
}: {
  /** The checkout's request (signed in), or null for a guest. */
  request: CreatePaymentIntentRequest | null;
  onCompleted: (intent: PaymentIntentResponse) => void;
}) {
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!request)
    return (
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>
          {FREE_ORDER_SIGN_IN}. <TextLink to={loginReturningTo('/checkout')}>{FREE_ORDER_TEXTS.signIn}</TextLink>
        </MessageBarBody>
      </MessageBar>
    );

  const complete = async () => {
    setBusy(true);
    setError(null);
    try {
      const intent = await createPaymentIntent(request);
      // Priced again by the server: a cart that is no longer free comes back as a payment to make.
      if (intent.paid) onCompleted(intent);
      else setError(FREE_ORDER_TEXTS.changed);
    } catch (caught) {
      setError(paymentSetupMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.box}>
      <p className={styles.text}>{FREE_ORDER_TEXTS.nothingToPay}</p>
      {error ? <SetupError title={PAYMENT_SETUP_FAILED} message={error} /> : null}
      <Button appearance="primary" size="large" disabled={busy} aria-busy={busy || undefined} onClick={() => void complete()}>
        {busy ? FREE_ORDER_TEXTS.completing : FREE_ORDER_TEXTS.complete}
      </Button>
    </div>
  );
}
