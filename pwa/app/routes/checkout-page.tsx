/**
 * /checkout (storefront spec §2 Checkout, §4 Checkout, §8): "Payment Information" and "Order
 * Summary". A signed-in customer's payment is set up at once; a guest first gives a name and an
 * e-mail for the receipt. A skeleton shows until the client secret arrives; success clears the
 * cart and goes to /success; a card that needs authentication goes to that step's page.
 */
import { Button, Card, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { profileKeys } from '../../session/profile';
import { useAuthToken } from '../../session/auth-token';
import { useAuth } from '../../session/use-auth';
import { TeamPurchase } from '../../features/team/components/team-purchase';
import { useCart } from '../../stores/cart-store';
import { useCartQuote } from '../../stores/cart-quote';
import { BuyerDetailsForm } from '../../features/checkout/components/buyer-details-form';
import { BuyerSummary } from '../../features/checkout/components/buyer-summary';
import { LockIcon } from '../../components/icons';
import { FreeOrder } from '../../features/checkout/components/free-order';
import { OrderSummary } from '../../features/checkout/components/order-summary';
import { PaymentForm } from '../../features/checkout/components/payment-form';
import { PaymentFormSkeleton } from '../../features/checkout/components/payment-form-skeleton';
import { SeatHoldNotice } from '../../features/checkout/components/seat-hold-notice';
import { NeedsConnectionNotice } from '../../offline/needs-connection-notice';
import { useOnline } from '../../offline/use-online';
import { SetupError } from '../../features/checkout/components/setup-error';
import { useCheckoutIntent } from '../../features/checkout/hooks/use-checkout-intent';
import { buildPaymentIntentRequest, groupLines, successPath, type Buyer } from '../../features/checkout/lib/checkout-request';
import { OwnedCourseLink } from '../../features/checkout/components/owned-course-link';
import { PAYMENT_FAILED, PAYMENT_SETUP_FAILED, isCartProblem, ownedCourse, paymentSetupMessage } from '../../features/checkout/lib/payment-errors';
import type { PaymentOutcome } from '../../features/checkout/lib/payment-outcome';
import { ContentPage } from '../../components/layout/content-page';
import { TextLink } from '../../components/layout/router-links';
import { useNotify } from '../../lib/notify';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(0, 1.5fr) minmax(20rem, 1fr)' },
  },
  summary: { '@media (min-width: 960px)': { position: 'sticky', top: tokens.spacingVerticalXXL } },
  card: {
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusXLarge,
  },
  heading: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  headingIcon: { color: tokens.colorBrandForeground1 },
  step: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
});

export default function CheckoutPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { items, clearCart, setOpen } = useCart();
  const { user, isLoading: authLoading } = useAuth();
  const [guest, setGuest] = useState<Buyer | null>(null);
  const [guestDraft, setGuestDraft] = useState<Buyer | null>(null);
  // "Buy for my team": the organisation whose pool gets the seats (signed in only).
  const [teamOrg, setTeamOrg] = useState<string | null>(null);
  const onTeamOrg = useCallback((orgId: string | null) => setTeamOrg(orgId), []);
  // The coupon code the server's quote applied (issue 35); the payment is opened with it.
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const token = useAuthToken();
  // Set once the page is on its way out (paid, sent to authentication, or empty), so an emptied
  // cart does not read as "Cart is Empty".
  const leaving = useRef(false);

  useEffect(() => {
    if (items.length > 0 || leaving.current) return;
    leaving.current = true;
    notify({ title: 'Cart is Empty', description: 'Please add some courses to your cart before checkout.', variant: 'info' });
    navigate('/courses', { replace: true });
  }, [items.length, navigate, notify]);

  const online = useOnline();
  // The server's quote (the summary's, shared): with nothing to pay there is no payment to open, only an order to confirm.
  const quote = useCartQuote(items, online, couponCode);
  const free = quote.data?.totalCents === 0;
  const priced = !!quote.data || quote.isError;
  const signedInRequest = useMemo(
    () => (user && items.length > 0 ? buildPaymentIntentRequest(items, null, teamOrg, couponCode) : null),
    [items, user, teamOrg, couponCode],
  );
  const request = useMemo(() => {
    // Offline nothing is requested (it could only fail); the cart stays, and checkout goes on when the connection returns.
    if (items.length === 0 || authLoading || !online || !priced || free) return null;
    if (user) return signedInRequest;
    return guest ? buildPaymentIntentRequest(items, guest, null, couponCode) : null;
  }, [items, user, guest, authLoading, online, priced, free, signedInRequest, couponCode]);
  const { intent, error, isPending, renew } = useCheckoutIntent(request);

  const paid = (paymentIntentId: string, clientSecret: string) => {
    leaving.current = true;
    notify({ title: 'Payment Successful', description: "Thank you for your purchase! You'll receive a confirmation email shortly." });
    navigate(successPath(paymentIntentId, clientSecret));
    clearCart();
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  };

  useEffect(() => {
    if (error) notify({ title: PAYMENT_SETUP_FAILED, description: paymentSetupMessage(error), variant: 'destructive' });
  }, [error, notify]);

  const onOutcome = (outcome: PaymentOutcome) => {
    if (!intent) return;
    if (outcome.status === 'succeeded') paid(outcome.paymentIntentId, intent.clientSecret);
    else if (outcome.status === 'requires_action') {
      leaving.current = true;
      navigate(outcome.url);
    } else {
      notify({ title: PAYMENT_FAILED, description: outcome.message, variant: 'destructive' });
      if (outcome.renewIntent) renew();
    }
  };

  if (items.length === 0) return null;

  let payment;
  if (!online) {
    payment = <NeedsConnectionNotice action="Paying" />;
  } else if (authLoading || !priced) {
    payment = <PaymentFormSkeleton />;
  } else if (free) {
    payment = <FreeOrder request={signedInRequest} onCompleted={(done) => paid(done.paymentIntentId, done.clientSecret)} />;
  } else if (!user && !guest) {
    payment = (
      <>
        <h3 className={styles.step}>Your details</h3>
        <p className={styles.muted}>
          We send your receipt and course access to this address. Already have an account? <TextLink to="/login">Sign in</TextLink>
        </p>
        <BuyerDetailsForm initial={guestDraft ?? undefined} emailHint="For your receipt" submitLabel="Continue to Payment" onSubmit={setGuest} />
      </>
    );
  } else if (error && !isPending) {
    const owned = ownedCourse(error);
    payment = (
      <SetupError title={PAYMENT_SETUP_FAILED} message={paymentSetupMessage(error)} onRetry={owned ? undefined : renew}>
        {owned ? <OwnedCourseLink owned={owned} /> : null}
        {isCartProblem(error) ? <Button onClick={() => setOpen(true)}>Review cart</Button> : null}
      </SetupError>
    );
  } else if (!intent) {
    payment = <PaymentFormSkeleton />;
  } else {
    payment = (
      <>
        {intent.holdExpiresAt ? <SeatHoldNotice key={intent.holdExpiresAt} expiresAt={intent.holdExpiresAt} onRenew={renew} /> : null}
        <PaymentForm
          processor={intent.processor}
          clientSecret={intent.clientSecret}
          returnUrl={`${window.location.origin}/success`}
          submitLabel="Complete Payment"
          disabled={isPending}
          onOutcome={onOutcome}
        />
      </>
    );
  }

  return (
    <ContentPage
      title="Checkout"
      eyebrow="Secure checkout"
      intro="Review your order and pay by card. Your courses appear in your profile as soon as the payment goes through."
    >
      <div className={styles.layout}>
        <Card className={styles.card} role="region" aria-labelledby="payment-information-title">
          <h2 className={styles.heading} id="payment-information-title">
            <LockIcon className={styles.headingIcon} />
            Payment Information
          </h2>
          {user ? <BuyerSummary label="Signed in as" buyer={user} /> : null}
          {user && token && online ? <TeamPurchase viewer={token} lines={groupLines(items)} onOrgChange={onTeamOrg} /> : null}
          {!user && guest ? (
            <BuyerSummary
              label="Receipt to"
              buyer={guest}
              onChange={() => {
                setGuestDraft(guest);
                setGuest(null);
              }}
            />
          ) : null}
          {payment}
        </Card>
        <div className={styles.summary}>
          <OrderSummary lines={items} couponCode={couponCode} onCouponChange={setCouponCode} />
        </div>
      </div>
    </ContentPage>
  );
}
