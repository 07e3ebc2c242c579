/**
 * /payment-authentication: the built-in test processor's stand-in for a bank's 3-D Secure step
 * (the card 4000 0025 0000 3155). The buyer approves or fails it; an approved course payment
 * clears the cart and goes to /success, an approved membership returns to
 * /membership?success=true; a failed one goes back to where the payment started.
 */
import { Button, Card, MessageBar, MessageBarBody, MessageBarTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TestPaymentResult } from '@contracts/checkout';
import { profileKeys } from '../../session/profile';
import { authKeys } from '../../session/use-auth';
import { useCart } from '../../stores/cart-store';
import { authenticateTestPayment, useTestPaymentStatus } from '../../features/checkout/api/test-payments';
import { ShieldIcon } from '../../components/icons';
import { paymentKeys } from '../../features/checkout/api/payment-keys';
import { isMembershipPlanKey, membershipReturnPath, successPath } from '../../features/checkout/lib/checkout-request';
import { PAYMENT_FAILED, testPaymentFailure } from '../../features/checkout/lib/payment-errors';
import { useDocumentTitle } from '../../components/layout/content-page';
import { ButtonLink } from '../../components/layout/router-links';
import { formatMoney } from '../../lib/format';
import { useNotify } from '../../lib/notify';

const AUTHENTICATION_FAILED = 'Your payment could not be authenticated. Nothing has been charged.';

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', padding: `clamp(2rem, 6vw, 4.5rem) ${tokens.spacingHorizontalL}` },
  card: {
    width: '100%',
    maxWidth: '32rem',
    padding: `clamp(1.5rem, 5vw, 2.5rem)`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  icon: {
    display: 'grid',
    placeItems: 'center',
    flexShrink: 0,
    width: '3rem',
    height: '3rem',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, fontWeight: tokens.fontWeightBold },
  text: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  amount: {
    margin: 0,
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  amountValue: { fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightBold },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  reference: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
});

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.head}>
          <span className={styles.icon}>
            <ShieldIcon size={26} />
          </span>
          <h1 className={styles.title}>{title}</h1>
        </div>
        {children}
      </Card>
    </div>
  );
}

export default function PaymentAuthenticationPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { clearCart } = useCart();
  const [params] = useSearchParams();
  const clientSecret = params.get('payment_intent_client_secret');
  const planParam = params.get('plan');
  const plan = isMembershipPlanKey(planParam) ? planParam : null;
  const status = useTestPaymentStatus(clientSecret);
  const [busy, setBusy] = useState<'approve' | 'fail' | null>(null);
  useDocumentTitle('Confirm your payment');

  const back = (purpose: TestPaymentResult['purpose'] | undefined) => (purpose === 'membership' ? '/membership' : '/checkout');

  const finish = (result: TestPaymentResult) => {
    // The status read on this page is out of date now (the success page reads it again).
    queryClient.removeQueries({ queryKey: paymentKeys.testStatuses() });
    if (result.status === 'succeeded') {
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      if (result.purpose === 'membership') {
        // The membership page shows "Subscription Successful" for its return address.
        navigate(plan ? membershipReturnPath(plan) : '/membership?success=true', { replace: true });
        return;
      }
      navigate(successPath(result.paymentIntentId, clientSecret ?? ''), { replace: true });
      clearCart();
      notify({ title: 'Payment Successful', description: "Thank you for your purchase! You'll receive a confirmation email shortly." });
      return;
    }
    notify({ title: PAYMENT_FAILED, description: result.message ?? AUTHENTICATION_FAILED, variant: 'destructive' });
    navigate(back(result.purpose), { replace: true });
  };

  const authenticate = async (outcome: 'approve' | 'fail') => {
    if (!clientSecret || busy) return;
    setBusy(outcome);
    try {
      finish(await authenticateTestPayment(clientSecret, outcome));
    } catch (error) {
      notify({ title: PAYMENT_FAILED, description: testPaymentFailure(error).message, variant: 'destructive' });
      navigate(back(status.data?.purpose), { replace: true });
    }
  };

  if (!clientSecret) {
    return (
      <Frame title="Payment not found">
        <p className={styles.text}>This authentication link is incomplete. Start again from your cart; nothing has been charged.</p>
        <div className={styles.actions}>
          <ButtonLink to="/checkout" appearance="primary">
            Back to Checkout
          </ButtonLink>
        </div>
      </Frame>
    );
  }

  if (status.isPending) {
    return (
      <Frame title="Confirm your payment">
        <Spinner label="Contacting your card issuer..." />
      </Frame>
    );
  }

  if (status.isError || !status.data) {
    return (
      <Frame title="Payment not found">
        <p className={styles.text}>We could not find this payment. It may have expired; nothing has been charged.</p>
        <div className={styles.actions}>
          <ButtonLink to="/checkout" appearance="primary">
            Back to Checkout
          </ButtonLink>
          <ButtonLink to="/membership">Membership</ButtonLink>
        </div>
      </Frame>
    );
  }

  const payment = status.data;
  if (payment.status !== 'requires_action') {
    const succeeded = payment.status === 'succeeded';
    return (
      <Frame title={succeeded ? 'Payment already confirmed' : 'Payment not completed'}>
        <p className={styles.text}>{succeeded ? 'This payment has already been authenticated and completed.' : (payment.message ?? AUTHENTICATION_FAILED)}</p>
        <div className={styles.actions}>
          {succeeded ? (
            <ButtonLink to={payment.purpose === 'membership' ? '/membership' : successPath(payment.paymentIntentId, clientSecret)} appearance="primary">
              Continue
            </ButtonLink>
          ) : (
            <ButtonLink to={back(payment.purpose)} appearance="primary">
              {payment.purpose === 'membership' ? 'Back to Membership' : 'Back to Checkout'}
            </ButtonLink>
          )}
        </div>
      </Frame>
    );
  }

  return (
    <Frame title="Confirm your payment">
      <p className={styles.text}>Your card issuer asks you to confirm this payment to LifeScience Academy before it goes through.</p>
      <p className={styles.amount}>
        <span>{payment.purpose === 'membership' ? 'Membership payment' : 'Course purchase'}</span>
        <span className={styles.amountValue} data-testid="authentication-amount">
          {formatMoney(payment.amount)}
        </span>
      </p>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>TEST MODE</MessageBarTitle>
          This page stands in for your bank's security check. Choose whether the authentication succeeds or fails; no real card is charged.
        </MessageBarBody>
      </MessageBar>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          size="large"
          disabled={!!busy}
          onClick={() => void authenticate('approve')}
          icon={busy === 'approve' ? <Spinner size="tiny" aria-hidden /> : undefined}
        >
          {busy === 'approve' ? 'Processing...' : 'Complete authentication'}
        </Button>
        <Button size="large" disabled={!!busy} onClick={() => void authenticate('fail')}>
          Fail authentication
        </Button>
      </div>
      <p className={styles.reference}>Payment reference {payment.paymentIntentId}</p>
    </Frame>
  );
}
