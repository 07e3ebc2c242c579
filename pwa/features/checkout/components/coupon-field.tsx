/**
 * "Coupon code" on /checkout (issue 35): the code is sent to the server's quote; applied only when
 * the quote takes something off (its discount line then shows in the summary and the payment is
 * opened with it), otherwise the quote's reason is shown under the field. A cart changed so that
 * the code no longer applies drops it, saying why.
 */
import { useEffect, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CartQuote } from '@contracts/checkout';
import { fetchCartQuote, quoteLines } from '@pwa/stores/cart-quote';
import type { CheckoutLine } from '../lib/checkout-request';
import { CouponCodeForm } from './coupon-code-form';

const useStyles = makeStyles({
  applied: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', justifyContent: 'space-between' },
});

interface CouponFieldProps {
  lines: readonly CheckoutLine[];
  applied: string | null;
  /** The summary's quote (with `applied`), to notice a code the changed cart no longer takes. */
  quote: CartQuote | undefined;
  onChange: (code: string | null) => void;
}

export function CouponField({ lines, applied, quote, onChange }: CouponFieldProps) {
  const styles = useStyles();
  const [dropped, setDropped] = useState<string | null>(null);

  useEffect(() => {
    if (applied && quote?.message) {
      setDropped(quote.message);
      onChange(null);
    }
  }, [applied, quote, onChange]);

  if (applied) {
    return (
      <div className={styles.applied} data-testid="coupon-applied">
        <Text>
          Coupon <strong>{applied}</strong> applied
        </Text>
        <Button appearance="subtle" size="small" onClick={() => onChange(null)} aria-label={`Remove coupon ${applied}`}>
          Remove
        </Button>
      </div>
    );
  }
  const apply = async (code: string) => {
    setDropped(null);
    const answer = await fetchCartQuote(quoteLines(lines), code);
    if (!answer.couponCode) return answer.message ?? 'This code does not apply to your order.';
    onChange(answer.couponCode);
    return null;
  };
  return <CouponCodeForm apply={apply} notice={dropped} />;
}
