/**
 * "New coupon" (issue 35, point 1): the code; a percentage or an amount of dollars off; what it
 * applies to (everything, or course types, courses found by their titles, memberships); when it
 * starts and ends (in the browser's time zone); its total uses, uses per customer and minimum
 * order. The contract's rules are checked as the admin types (after a first attempt) and again by
 * the server, whose refusal is shown too: a code that exists at the code, anything else above the
 * buttons. What is typed is kept on the device as a draft until the coupon is saved. Sent through
 * the outbox: done or kept for later, the dialog closes and a toast says which.
 */
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { COUPON_MESSAGES } from '@contracts/coupons';
import { DraftNotice, Drafted, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormDialog } from '@pwa/components/admin/form-dialog';
import { useOpenedOnce } from '@pwa/components/admin/use-opened-once';
import { FormField } from '@pwa/components/form/form-field';
import { couponWrites, useCouponWrite } from '../api/coupon-writes';
import { EMPTY_COUPON_FORM, couponFormSchema, toCreateRequest } from '../lib/coupon-form';
import { AppliesToFields } from './applies-to-fields';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', alignItems: 'start' },
  refused: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});

/** The browser's time zone, which the dates are read in ("Europe/Berlin"). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function NewCouponForm({ drafted, onClose, onSaved }: { drafted: DraftState; onClose: () => void; onSaved: () => void }) {
  const styles = useStyles();
  const write = useCouponWrite();
  const { form, draftSaved } = useDraftedForm(couponFormSchema, drafted, () => EMPTY_COUPON_FORM);
  // The server's refusal: a code that exists is shown at the code, anything else above the buttons.
  const [refused, setRefused] = useState<string | null>(null);
  const duplicate = refused === COUPON_MESSAGES.duplicateCode;
  const amount = form.values.discountKind === 'amount';

  const submit = form.handleSubmit(async (values) => {
    setRefused(null);
    const body = toCreateRequest(values);
    const code = body.code.toUpperCase();
    const outcome = await write(couponWrites.create(body), `Coupon ${code} created`, `Coupon ${code} could not be created`);
    if (outcome.kind === 'refused') {
      setRefused(outcome.message ?? `Coupon ${code} could not be created`);
      return;
    }
    await draftSaved();
    onSaved();
  });

  const code = form.inputProps('code');
  const codeField = !form.errors.code && duplicate ? { validationState: 'error' as const, validationMessage: refused } : form.fieldProps('code');
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New coupon">
      <DraftNotice draft={drafted.draft} onDiscard={drafted.onDiscard} />
      <Field label="Code" required hint="3 to 32 letters, digits, “-” or “_”. Buyers may type it in any case." {...codeField}>
        <Input
          {...code}
          autoComplete="off"
          maxLength={32}
          onChange={(event, data) => {
            setRefused(null);
            code.onChange(event, { value: data.value.toUpperCase() });
          }}
        />
      </Field>
      <div className={styles.pair}>
        <Field label="Discount type">
          <Select value={form.values.discountKind} onChange={(_event, data) => form.setValue('discountKind', data.value)}>
            <option value="percent">Percent off</option>
            <option value="amount">Fixed amount off</option>
          </Select>
        </Field>
        <FormField
          form={form}
          name="value"
          label={amount ? 'Amount off ($)' : 'Percent off (%)'}
          required
          inputMode={amount ? 'decimal' : 'numeric'}
          hint={amount ? 'In dollars, such as 50 or 12.50.' : 'A whole number from 1 to 100.'}
        />
      </div>
      <AppliesToFields form={form} />
      <div className={styles.pair}>
        <FormField form={form} name="startsAt" label="Starts" type="datetime-local" hint={`In your time zone, ${browserZone()}. Empty: at once.`} />
        <FormField form={form} name="endsAt" label="Ends" type="datetime-local" hint="Empty: never ends." />
      </div>
      <div className={styles.pair}>
        <FormField form={form} name="maxUses" label="Total uses" inputMode="numeric" hint="Empty: no limit." />
        <FormField form={form} name="maxUsesPerCustomer" label="Uses per customer" inputMode="numeric" hint="1: once per customer. Empty: no limit." />
        <FormField form={form} name="minOrder" label="Minimum order ($)" inputMode="decimal" hint="After membership discounts. Empty: none." />
      </div>
      {refused && !duplicate ? (
        <p role="alert" className={styles.refused}>
          {refused}
        </p>
      ) : null}
      <FormButtons submit={form.busy ? 'Creating...' : 'Create coupon'} busy={form.busy} cancel={onClose} />
    </form>
  );
}

/** The dialog (mounted on first open); after a save the next opening starts an empty form. */
export function NewCouponDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [made, setMade] = useState(0);
  if (!useOpenedOnce(open)) return null;
  return (
    <FormDialog open={open} title="New coupon" onClose={onClose}>
      <Drafted key={made} draftKey="coupon:new">
        {(drafted) => (
          <NewCouponForm
            drafted={drafted}
            onClose={onClose}
            onSaved={() => {
              setMade((n) => n + 1);
              onClose();
            }}
          />
        )}
      </Drafted>
    </FormDialog>
  );
}
