/**
 * The "Coupon code" field and its Apply button, for the cart's checkout and a membership's: `apply`
 * asks the server and answers the reason the code gives nothing (shown under the field), or null
 * when it was applied.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { ApiError } from '@pwa/lib/api-client';

const useStyles = makeStyles({
  form: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  field: { flexGrow: 1 },
});

const COULD_NOT_CHECK = 'The code could not be checked. Please try again.';

interface CouponCodeFormProps {
  apply: (code: string) => Promise<string | null>;
  /** A reason to show without the buyer asking (the cart changed and the code no longer applies). */
  notice?: string | null;
  disabled?: boolean;
}

export function CouponCodeForm({ apply, notice = null, disabled }: CouponCodeFormProps) {
  const styles = useStyles();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const shown = error ?? notice;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return setError('Please enter a code');
    setChecking(true);
    try {
      const refusal = await apply(typed);
      setError(refusal);
      if (!refusal) setCode('');
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || COULD_NOT_CHECK);
    } finally {
      setChecking(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field className={styles.field} label="Coupon code" validationState={shown ? 'error' : 'none'} validationMessage={shown ?? undefined}>
        <Input
          value={code}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          onChange={(_, data) => {
            setCode(data.value);
            if (error) setError(null);
          }}
        />
      </Field>
      <Button type="submit" disabled={checking || disabled}>
        {checking ? 'Checking…' : 'Apply'}
      </Button>
    </form>
  );
}
