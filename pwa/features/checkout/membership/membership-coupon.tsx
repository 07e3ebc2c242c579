/**
 * "Coupon code" on a membership's payment step (issue 35): the code is sent with the membership
 * request; the server answers a new payment at the discounted first-year price, or why the code
 * takes nothing off (shown under the field, the current payment kept).
 */
import { Text } from '@fluentui/react-components';
import type { CreateSubscriptionRequest, PaymentIntentResponse } from '@contracts/checkout';
import { formatMoney } from '@pwa/lib/format';
import { createSubscription } from '../api/subscription';
import { CouponCodeForm } from '../components/coupon-code-form';

interface MembershipCouponProps {
  /** The membership request without a code. */
  request: CreateSubscriptionRequest;
  /** The code applied and the payment it opened, or null. */
  applied: { code: string; intent: PaymentIntentResponse } | null;
  onApplied: (applied: { code: string; intent: PaymentIntentResponse }) => void;
  disabled?: boolean;
}

export function MembershipCoupon({ request, applied, onApplied, disabled }: MembershipCouponProps) {
  if (applied) {
    return (
      <Text role="status" data-testid="membership-coupon-applied">
        Coupon <strong>{applied.code.toUpperCase()}</strong> applied: you pay {formatMoney(Number(applied.intent.total))} for the first year.
      </Text>
    );
  }
  const apply = async (code: string) => {
    onApplied({ code, intent: await createSubscription({ ...request, couponCode: code }) });
    return null;
  };
  return <CouponCodeForm apply={apply} disabled={disabled} />;
}
