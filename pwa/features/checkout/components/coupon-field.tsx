/**
 * "Coupon code" on /checkout (issue 35): the code is sent to the server's quote; applied only when
 * the quote takes something off (its discount line then shows in the summary and the payment is
 * opened with it), otherwise the quote's reason is shown under the field. A cart changed so that
 * the code no longer applies drops it, saying why.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CartQuote } from '@contracts/checkout';
import { ApiError } from '@pwa/lib/api-client';
import { fetchCartQuote, quoteLines } from '@pwa/stores/cart-quote';
import type { CheckoutLine } from '../lib/checkout-request';

const useStyles = makeStyles({
  form: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  field: { flexGrow: 1 },
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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (applied && quote?.message) {
      setError(quote.message);
      onChange(null);
    }
  }, [applied, quote, onChange]);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return setError('Please enter a code');
    setChecking(true);
    try {
      const answer = await fetchCartQuote(quoteLines(lines), typed);
      if (answer.couponCode) {
        setError(null);
        setCode('');
        onChange(answer.couponCode);
      } else setError(answer.message ?? 'This code does not apply to your order.');
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.serverMessage ?? 'The code could not be checked. Please try again.')
          : 'The code could not be checked. Please try again.',
      );
    } finally {
      setChecking(false);
    }
  };

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
  return (
    <form className={styles.form} onSubmit={(event) => void apply(event)} noValidate>
      <Field className={styles.field} label="Coupon code" validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
        <Input
          value={code}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(_, data) => {
            setCode(data.value);
            if (error) setError(null);
          }}
        />
      </Field>
      <Button type="submit" disabled={checking}>
        {checking ? 'Checking…' : 'Apply'}
      </Button>
    </form>
  );
}
