/**
 * Name and e-mail before a payment: the guest's receipt details on /checkout, the member's
 * details on /membership (storefront spec §5: "Name must be at least 2 characters",
 * "Please enter a valid email address").
 */
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent, type ReactNode } from 'react';
import { EMAIL_MESSAGE, NAME_MESSAGE, emailSchema, nameSchema } from '../../../../api/contracts/auth';
import type { Buyer } from '../lib/checkout-request';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'grid', alignItems: 'start', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function buyerErrors(buyer: Buyer): { name?: string; email?: string } {
  return {
    name: nameSchema.safeParse(buyer.name).success ? undefined : NAME_MESSAGE,
    email: emailSchema.safeParse(buyer.email).success ? undefined : EMAIL_MESSAGE,
  };
}

export interface BuyerDetailsFormProps {
  initial?: Partial<Buyer>;
  nameLabel?: string;
  emailLabel?: string;
  emailHint?: string;
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
  onSubmit: (buyer: Buyer) => void;
  /** Extra actions beside the submit button. */
  children?: ReactNode;
}

export function BuyerDetailsForm({ initial, nameLabel = 'Name', emailLabel = 'Email', emailHint, submitLabel, busy = false, busyLabel, onSubmit, children }: BuyerDetailsFormProps) {
  const styles = useStyles();
  const [name, setName] = useState(initial?.name ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const buyer = { name: name.trim(), email: email.trim() };
    const found = buyerErrors(buyer);
    setErrors(found);
    if (found.name || found.email) {
      const field = event.currentTarget.elements.namedItem(found.name ? 'name' : 'email');
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    onSubmit(buyer);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.row}>
        <Field label={nameLabel} required validationMessage={errors.name}>
          <Input name="name" autoComplete="name" value={name} disabled={busy} onChange={(_, data) => setName(data.value)} />
        </Field>
        <Field label={emailLabel} required validationMessage={errors.email} hint={errors.email ? undefined : emailHint}>
          <Input type="email" name="email" autoComplete="email" value={email} disabled={busy} onChange={(_, data) => setEmail(data.value)} />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" size="large" disabled={busy}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
