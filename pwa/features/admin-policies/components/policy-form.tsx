/**
 * A course type's cancellation policy, edited (issue 35, point 3): its refund steps — days before
 * the start and the percentage refunded, added (at most 6) and removed — whether a seat may be
 * transferred to a colleague, and whether it may be moved to another date of the same course, each
 * until how many hours before the start. The policy is said in words as it is typed; "Use the
 * default" fills in the type's default. The contract's rules are checked as the admin types
 * (after a first attempt) and again by the server, whose refusal is shown above the buttons. What
 * is typed is kept on the device as a draft until it is saved. Sent through the outbox: sent or
 * kept for later, the dialog closes and a toast says which.
 */
import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultPolicy } from '@contracts/bookings';
import { DraftNotice, useDraftedForm, type DraftState } from '@pwa/components/admin/drafted';
import { FormButtons } from '@pwa/components/admin/form-buttons';
import { FormField } from '@pwa/components/form/form-field';
import type { PolicyView } from '../api/get-policies';
import { policyKeys } from '../api/policy-keys';
import { policyWrites, usePolicyWrite } from '../api/policy-writes';
import {
  MAX_STEPS,
  daysField,
  percentField,
  policyFormErrors,
  policyFormSchema,
  policyToForm,
  stepCount,
  toPolicyRequest,
  withStepAdded,
  withStepRemoved,
} from '../lib/policy-form';
import { courseTypeLabel, policyText } from '../lib/policy-texts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  fieldset: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
  // Wraps on a narrow screen: the two numbers side by side while they fit, "Remove" after them.
  step: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  number: { flex: '1 1 7rem', minWidth: 0 },
  // Fluent's input keeps the width of 20 characters unless told otherwise: two would overflow a phone.
  input: { width: '100%', minWidth: 0 },
  // Level with the inputs, below their labels (a message under one leaves the row as it is).
  remove: { marginTop: `calc(${tokens.lineHeightBase300} + ${tokens.spacingVerticalXXS})` },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  sub: { color: tokens.colorNeutralForeground2 },
  problem: { color: tokens.colorPaletteRedForeground1, margin: 0 },
  summary: { margin: 0, padding: tokens.spacingHorizontalM, backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium },
});

export function PolicyForm({ policy, drafted, onClose, onSaved }: { policy: PolicyView; drafted: DraftState; onClose: () => void; onSaved: () => void }) {
  const styles = useStyles();
  const write = usePolicyWrite();
  const queryClient = useQueryClient();
  const { form, draftSaved } = useDraftedForm(policyFormSchema, drafted, () => policyToForm(policy));
  const [refused, setRefused] = useState<string | null>(null);
  const label = courseTypeLabel(policy.courseType);
  const count = stepCount(form.values);
  const transfer = form.values.transfer === 'yes';
  const move = form.values.move === 'yes';
  // Said in words only when it is a policy the server would take.
  const valid = Object.keys(policyFormErrors(form.values)).length === 0;

  const change = (next: typeof form.values) => {
    setRefused(null);
    form.reset(next);
  };

  const submit = form.handleSubmit(async () => {
    setRefused(null);
    const body = toPolicyRequest(form.values);
    const outcome = await write<PolicyView>(
      policyWrites.update(policy.courseType, label, body),
      `Cancellation policy of ${label} saved`,
      `The cancellation policy of ${label} could not be saved`,
    );
    if (outcome.kind === 'refused') {
      setRefused(outcome.message ?? `The cancellation policy of ${label} could not be saved`);
      return;
    }
    if (outcome.kind === 'sent') {
      queryClient.setQueryData<PolicyView[]>(policyKeys.list(), (rows) => rows?.map((row) => (row.courseType === policy.courseType ? outcome.answer : row)));
    }
    await draftSaved();
    onSaved();
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`Cancellation policy of ${label}`}>
      <DraftNotice draft={drafted.draft} onDiscard={drafted.onDiscard} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Refund steps</legend>
        <Text className={styles.sub}>
          Cancelled at least this many days before the start, a booking gets this share of its price back. Later than the last step, it cannot be cancelled.
        </Text>
        {Array.from({ length: count }, (_, row) => (
          <div key={row} role="group" aria-label={`Step ${row + 1}`} className={styles.step}>
            <div className={styles.number}>
              <FormField form={form} name={daysField(row)} label="Days before the start" inputMode="numeric" className={styles.input} input={{ size: 1 }} />
            </div>
            <div className={styles.number}>
              <FormField form={form} name={percentField(row)} label="Refund (%)" inputMode="numeric" className={styles.input} input={{ size: 1 }} />
            </div>
            <Button className={styles.remove} aria-label={`Remove step ${row + 1}`} onClick={() => change(withStepRemoved(form.values, row))}>
              Remove
            </Button>
          </div>
        ))}
        {count === 0 ? <Text>No refund steps: bookings cannot be cancelled.</Text> : null}
        <div className={styles.row}>
          <Button disabled={count >= MAX_STEPS} onClick={() => change(withStepAdded(form.values))}>
            Add step
          </Button>
          {count >= MAX_STEPS ? <Text className={styles.sub}>At most {MAX_STEPS} steps.</Text> : null}
        </div>
        {form.errors.steps ? (
          <p role="alert" className={styles.problem}>
            {form.errors.steps}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Transfer</legend>
        <Checkbox
          label="Allow transfer to a colleague"
          checked={transfer}
          onChange={(_event, data) => {
            setRefused(null);
            form.setValue('transfer', data.checked === true ? 'yes' : 'no');
          }}
        />
        {transfer ? (
          <FormField form={form} name="transferHours" label="Until how many hours before the start" inputMode="numeric" hint="0: until the start." />
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Move to another date of the same course</legend>
        <Text className={styles.sub}>A moved seat keeps what was paid for it: nothing is charged or refunded.</Text>
        <Checkbox
          label="Allow moving to another date"
          checked={move}
          onChange={(_event, data) => {
            setRefused(null);
            form.setValue('move', data.checked === true ? 'yes' : 'no');
          }}
        />
        {move ? (
          <FormField form={form} name="moveHours" label="Move until how many hours before the start" inputMode="numeric" hint="0: until the start." />
        ) : null}
      </fieldset>
      {valid ? <p className={styles.summary}>{policyText(toPolicyRequest(form.values))}</p> : null}
      {refused ? (
        <p role="alert" className={styles.problem}>
          {refused}
        </p>
      ) : null}
      <div className={styles.row}>
        <Button appearance="subtle" onClick={() => change(policyToForm(defaultPolicy(policy.courseType)))}>
          Use the default
        </Button>
      </div>
      <FormButtons submit={form.busy ? 'Saving...' : 'Save policy'} busy={form.busy} cancel={onClose} />
    </form>
  );
}
