/**
 * /success (storefront spec §2 Success): "Payment Successful!" with the payment id from the
 * query (payment_intent, payment_intent_client_secret, as Stripe's return address carries them),
 * links to /profile and /courses, and a "Download Receipt" button: the invoice PDF, authorised by
 * the payment's client secret from this address (guests too; issue 16).
 * A buyer returning from a Stripe redirect finds the cart cleared here.
 */
import { Button, Card, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DownloadReceiptButton } from '../../features/receipts/components/receipt-buttons';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { profileKeys } from '../../session/profile';
import { useCart } from '../../stores/cart-store';
import { usePaymentConfig } from '../../features/checkout/api/payment-config';
import { useTestPaymentStatus } from '../../features/checkout/api/test-payments';
import { CheckCircleIcon, DownloadIcon } from '../../components/icons';
import { PAYMENT_FAILED } from '../../features/checkout/lib/payment-errors';
import { useDocumentTitle } from '../../components/layout/content-page';
import { ButtonLink } from '../../components/layout/router-links';
import { formatMoney } from '../../lib/format';
import { useNotify } from '../../lib/notify';

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', padding: `clamp(2rem, 6vw, 4.5rem) ${tokens.spacingHorizontalL}` },
  card: {
    width: '100%',
    maxWidth: '36rem',
    padding: `clamp(1.5rem, 5vw, 3rem)`,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalL,
    textAlign: 'center',
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
  badge: {
    display: 'grid',
    placeItems: 'center',
    width: '4.5rem',
    height: '4.5rem',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteGreenBackground1,
    color: tokens.colorPaletteGreenForeground1,
  },
  title: { margin: 0, fontSize: 'clamp(1.75rem, 4vw, 2.25rem)', lineHeight: 1.2, fontWeight: tokens.fontWeightBold },
  text: { margin: 0, maxWidth: '28rem', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  facts: {
    width: '100%',
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'left',
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: tokens.spacingHorizontalS },
});

export default function SuccessPage() {
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { clearCart } = useCart();
  const [params] = useSearchParams();
  const paymentIntentId = params.get('payment_intent');
  const clientSecret = params.get('payment_intent_client_secret');
  const redirectStatus = params.get('redirect_status');
  const handledRedirect = useRef(false);
  useDocumentTitle('Payment Successful');

  const config = usePaymentConfig();
  const status = useTestPaymentStatus(config.data?.paymentProcessor === 'test' ? clientSecret : null);
  const paid = status.data?.status === 'succeeded' ? status.data : null;

  // Back from a Stripe redirect: the checkout page did not get to clear the cart.
  useEffect(() => {
    if (!redirectStatus || handledRedirect.current) return;
    handledRedirect.current = true;
    if (redirectStatus === 'succeeded') {
      clearCart();
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    } else {
      notify({ title: PAYMENT_FAILED, description: 'Your payment was not completed. Nothing has been charged; please try again.', variant: 'destructive' });
      navigate('/checkout', { replace: true });
    }
  }, [redirectStatus, clearCart, queryClient, notify, navigate]);

  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <span className={styles.badge}>
          <CheckCircleIcon size={40} />
        </span>
        <h1 className={styles.title}>Payment Successful!</h1>
        <p className={styles.text}>
          Thank you for your purchase. A confirmation e-mail with your receipt is on its way, and your courses are waiting in your profile.
        </p>
        <dl className={styles.facts}>
          <dt className={styles.term}>Payment ID</dt>
          <dd className={mergeClasses(styles.detail, styles.mono)} data-testid="payment-id">
            {paymentIntentId ?? 'Not available'}
          </dd>
          {paid ? (
            <>
              <dt className={styles.term}>Amount paid</dt>
              <dd className={styles.detail}>{formatMoney(paid.amount)}</dd>
            </>
          ) : null}
        </dl>
        <div className={styles.actions}>
          <ButtonLink to="/profile" appearance="primary">
            View My Profile
          </ButtonLink>
          <ButtonLink to="/courses">Browse More Courses</ButtonLink>
          {paymentIntentId && clientSecret ? (
            <DownloadReceiptButton paymentIntentId={paymentIntentId} clientSecret={clientSecret} />
          ) : (
            <Button icon={<DownloadIcon />} disabled>
              Download Receipt
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}
