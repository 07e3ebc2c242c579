/**
 * Name and e-mail before a payment: the guest's receipt details on /checkout, the member's
 * details on /membership (storefront spec §5: "Name must be at least 2 characters",
 * "Please enter a valid email address").
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { buyerDetailsSchema } from '@contracts/checkout';
import { FormField } from '@pwa/components/form/form-field';
import { useZodForm } from '@pwa/components/form/use-zod-form';
import type { Buyer } from '../lib/checkout-request';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'grid', alignItems: 'start', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

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

export function BuyerDetailsForm({
  initial,
  nameLabel = 'Name',
  emailLabel = 'Email',
  emailHint,
  submitLabel,
  busy = false,
  busyLabel,
  onSubmit,
  children,
}: BuyerDetailsFormProps) {
  const styles = useStyles();
  const form = useZodForm(buyerDetailsSchema, { name: initial?.name ?? '', email: initial?.email ?? '' });

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <div className={styles.row}>
        <FormField form={form} name="name" label={nameLabel} required autoComplete="name" disabled={busy} />
        <FormField
          form={form}
          name="email"
          label={emailLabel}
          required
          hint={form.errors.email ? undefined : emailHint}
          type="email"
          autoComplete="email"
          disabled={busy}
        />
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
