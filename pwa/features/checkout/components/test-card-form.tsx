/**
 * The built-in test processor's card form: number, expiry, CVC and name on card with visible
 * labels and the standard autocomplete values, checked here (Luhn, expiry, CVC) and again on the
 * server. A notice says plainly that this is test mode and lists the test cards.
 */
import { Button, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { confirmTestPayment } from '../api/test-payments';
import {
  cardBrand,
  cvcError,
  cvcLength,
  digitsOnly,
  expiryError,
  formatCardNumber,
  formatExpiry,
  nameError,
  numberError,
  TEST_CARDS,
  toCardPayload,
  validateCard,
  type CardErrors,
  type CardInput,
} from '../lib/card-validation';
import { GENERIC_PAYMENT_MESSAGE, testPaymentFailure } from '../lib/payment-errors';
import type { PaymentFormProps, PaymentOutcome } from '../lib/payment-outcome';
import { PayButton } from './pay-button';

const BRAND_LABELS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'Amex', discover: 'Discover' };

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  cards: { margin: `${tokens.spacingVerticalXS} 0 0`, padding: 0, listStyleType: 'none', display: 'grid', rowGap: tokens.spacingVerticalXXS },
  // Every test card number has the same width in the monospace font, so the columns line up. On a
  // phone the number takes its own line and the outcome and "Use" button share the next.
  card: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr) auto',
    columnGap: tokens.spacingHorizontalM,
    alignItems: 'center',
    '@media (max-width: 520px)': { gridTemplateColumns: 'minmax(0, 1fr) auto', paddingBottom: tokens.spacingVerticalXS },
  },
  cardNumber: { '@media (max-width: 520px)': { gridColumn: '1 / -1' } },
  number: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  outcome: { color: tokens.colorNeutralForeground2 },
  // Grid items may shrink below their content (min-width: 0), so the two fields always fit side by side.
  row: { display: 'grid', alignItems: 'start', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalM, '& > *': { minWidth: 0 } },
  mono: { fontFamily: tokens.fontFamilyMonospace, letterSpacing: '0.04em', width: '100%', minWidth: 0 },
  nativeInput: { width: '100%' },
  brand: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold },
});

const EMPTY: CardInput = { number: '', expiry: '', cvc: '', name: '' };
type FieldName = keyof CardInput;
const ORDER: FieldName[] = ['number', 'expiry', 'cvc', 'name'];

function fieldError(field: FieldName, card: CardInput): string | undefined {
  switch (field) {
    case 'number':
      return numberError(card.number);
    case 'expiry':
      return expiryError(card.expiry, new Date());
    case 'cvc':
      return cvcError(card.cvc, card.number);
    case 'name':
      return nameError(card.name);
  }
}

export function TestModeNotice({ onUseCard }: { onUseCard?: (number: string) => void }) {
  const styles = useStyles();
  return (
    <MessageBar intent="warning" layout="multiline" aria-label="Test mode">
      <MessageBarBody>
        <MessageBarTitle>TEST MODE</MessageBarTitle>
        No real card is charged. Use any future expiry date, any 3-digit CVC and any name with one of these test cards:
        <ul className={styles.cards}>
          {TEST_CARDS.map((card) => (
            <li key={card.number} className={styles.card}>
              <span className={`${styles.number} ${styles.cardNumber}`}>{card.number}</span>
              <span className={styles.outcome}>{card.outcome}</span>
              {onUseCard ? (
                <Button size="small" appearance="transparent" onClick={() => onUseCard(card.number)} aria-label={`Use test card ${card.number}`}>
                  Use
                </Button>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}

export function TestCardForm({ clientSecret, submitLabel, disabled, onOutcome }: PaymentFormProps) {
  const styles = useStyles();
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  // Nothing to load for the test processor: the form is ready once it is on screen.
  useEffect(() => setReady(true), []);

  const update = (field: FieldName, value: string) => {
    const next = { ...card, [field]: value };
    setCard(next);
    // Once a field shows an error, it follows what is typed, so a fixed value clears it at once.
    setErrors((shown) => (shown[field] ? { ...shown, [field]: fieldError(field, next) } : shown));
  };

  const check = (field: FieldName) => {
    if (!card[field].trim()) return;
    setErrors((shown) => ({ ...shown, [field]: fieldError(field, card) }));
  };

  const useCard = (number: string) => {
    update('number', formatCardNumber(number));
    setErrors((shown) => ({ ...shown, number: undefined }));
    inputs.current.expiry?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateCard(card, new Date());
    setErrors(found);
    const first = ORDER.find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setSubmitting(true);
    let outcome: PaymentOutcome;
    try {
      const result = await confirmTestPayment(clientSecret, toCardPayload(card));
      if (result.status === 'succeeded') outcome = { status: 'succeeded', paymentIntentId: result.paymentIntentId };
      else if (result.status === 'requires_action' && result.nextActionUrl) outcome = { status: 'requires_action', url: result.nextActionUrl };
      else outcome = { status: 'error', message: result.message ?? GENERIC_PAYMENT_MESSAGE, renewIntent: true };
    } catch (error) {
      const failure = testPaymentFailure(error);
      outcome = { status: 'error', ...failure };
    }
    await onOutcome(outcome);
    // After a success or a redirect the page moves on; keep the button busy until it does.
    if (outcome.status === 'error') setSubmitting(false);
  };

  const brand = cardBrand(digitsOnly(card.number));
  const locked = submitting;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Card details">
      <TestModeNotice onUseCard={locked ? undefined : useCard} />
      <Field label="Card number" required validationMessage={errors.number}>
        <Input
          ref={(element) => void (inputs.current.number = element)}
          name="cardnumber"
          className={styles.mono}
          input={{ className: styles.nativeInput }}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          value={card.number}
          disabled={locked}
          onChange={(_, data) => update('number', formatCardNumber(data.value))}
          onBlur={() => check('number')}
          contentAfter={BRAND_LABELS[brand] ? <span className={styles.brand}>{BRAND_LABELS[brand]}</span> : undefined}
        />
      </Field>
      <div className={styles.row}>
        <Field label="Expiry date" required validationMessage={errors.expiry}>
          <Input
            ref={(element) => void (inputs.current.expiry = element)}
            name="exp-date"
            className={styles.mono}
            input={{ className: styles.nativeInput }}
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
            maxLength={7}
            value={card.expiry}
            disabled={locked}
            onChange={(_, data) => update('expiry', formatExpiry(data.value))}
            onBlur={() => check('expiry')}
          />
        </Field>
        <Field label="CVC" required validationMessage={errors.cvc} hint={`${cvcLength(brand)} digits on the ${brand === 'amex' ? 'front' : 'back'}`}>
          <Input
            ref={(element) => void (inputs.current.cvc = element)}
            name="cvc"
            className={styles.mono}
            input={{ className: styles.nativeInput }}
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder={brand === 'amex' ? '1234' : '123'}
            maxLength={4}
            value={card.cvc}
            disabled={locked}
            onChange={(_, data) => update('cvc', digitsOnly(data.value).slice(0, 4))}
            onBlur={() => check('cvc')}
          />
        </Field>
      </div>
      <Field label="Name on card" required validationMessage={errors.name}>
        <Input
          ref={(element) => void (inputs.current.name = element)}
          name="ccname"
          autoComplete="cc-name"
          value={card.name}
          disabled={locked}
          onChange={(_, data) => update('name', data.value)}
          onBlur={() => check('name')}
        />
      </Field>
      <PayButton label={submitLabel} ready={ready} submitting={submitting} disabled={disabled} />
    </form>
  );
}
