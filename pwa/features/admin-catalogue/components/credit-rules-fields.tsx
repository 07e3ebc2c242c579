/**
 * "Credits" in the course forms (issue 30, point 4; the live webinar editor, the seminar form and
 * the recorded course form): whether the course awards credits, its credit types (kind, optional
 * field of study, optional maximum), minutes per credit (50 unless changed), the increment (1, 0.5
 * or 0.2) and the share of polls a person must answer. Off (a course with no rule) it awards no
 * credit; switched on, those defaults are filled in. Held in the form's `creditRules` field
 * (`CREDIT_RULES_FIELD`); each problem the contract's schema finds is shown at its field once the
 * form has been submitted, and the first one takes the focus.
 */
import { Button, Field, Input, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { CREDIT_INCREMENTS, CREDIT_KINDS, MAX_CREDIT_TYPES, MAX_FIELD_OF_STUDY_LENGTH, type CreditKind } from '@contracts/credits';
import type { ZodForm } from '@pwa/components/form/use-zod-form';
import { checkCreditRules, newCreditType, parseCreditRulesDraft, type CreditRulesDraft } from '../lib/credit-rules-form';
import { FieldGroup } from './course-fields';
import { CreditKindOptions } from '@pwa/components/form/credit-kind-options';

type FormWith = Pick<ZodForm<Record<'creditRules', never>, unknown>, 'values' | 'setValue' | 'inputProps' | 'fieldProps'>;

const useStyles = makeStyles({
  type: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
    alignItems: 'end',
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' },
  add: { alignSelf: 'flex-start' },
});

export function CreditRulesFields({ form }: { form: FormWith }) {
  const styles = useStyles();
  const draft = parseCreditRulesDraft(form.values.creditRules);
  const found = checkCreditRules(draft).problems;
  const problems = form.fieldProps('creditRules').validationState === 'error' ? found : {};
  const first = Object.keys(found)[0];
  // The form focuses its first invalid field through this ref: it goes to the first field with a problem.
  const focusRef = form.inputProps('creditRules').ref;
  const refFor = (place: string) => (place === first ? focusRef : undefined);
  const change = (next: Partial<CreditRulesDraft>) => form.setValue('creditRules', JSON.stringify({ ...draft, ...next }));
  const changeType = (index: number, next: Partial<CreditRulesDraft['types'][number]>) =>
    change({ types: draft.types.map((t, i) => (i === index ? { ...t, ...next } : t)) });
  const problem = (place: string) =>
    problems[place] ? { validationState: 'error' as const, validationMessage: problems[place] } : { validationState: 'none' as const };

  return (
    <FieldGroup legend="Credits">
      <Switch label="Award credits for attendance" checked={draft.enabled} onChange={(_event, data) => change({ enabled: data.checked })} />
      {draft.enabled ? (
        <>
          <ul className={styles.list} aria-label="Credit types">
            {draft.types.map((type, index) => {
              const n = index + 1;
              return (
                <li key={index} className={styles.type}>
                  <Field label={`Credit type ${n}`} {...problem(`types.${index}.kind`)}>
                    <Select
                      ref={refFor(`types.${index}.kind`) as never}
                      value={type.kind}
                      onChange={(_event, data) => changeType(index, { kind: data.value as CreditKind })}
                    >
                      <CreditKindOptions />
                    </Select>
                  </Field>
                  <Field label={`Field of study ${n} (optional)`} {...problem(`types.${index}.fieldOfStudy`)}>
                    <Input
                      ref={refFor(`types.${index}.fieldOfStudy`) as never}
                      value={type.fieldOfStudy}
                      maxLength={MAX_FIELD_OF_STUDY_LENGTH}
                      onChange={(_event, data) => changeType(index, { fieldOfStudy: data.value })}
                    />
                  </Field>
                  <Field label={`Max credits ${n} (optional)`} {...problem(`types.${index}.max`)}>
                    <Input
                      ref={refFor(`types.${index}.max`) as never}
                      inputMode="decimal"
                      value={type.max}
                      onChange={(_event, data) => changeType(index, { max: data.value })}
                    />
                  </Field>
                  <Button
                    disabled={draft.types.length === 1}
                    aria-label={`Remove credit type ${n}`}
                    onClick={() => change({ types: draft.types.filter((_t, i) => i !== index) })}
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
          <Button
            className={styles.add}
            disabled={draft.types.length >= MAX_CREDIT_TYPES}
            onClick={() => change({ types: [...draft.types, newCreditType(CREDIT_KINDS.find((k) => !draft.types.some((t) => t.kind === k)) ?? 'CPE')] })}
          >
            Add credit type
          </Button>
          <div className={styles.row}>
            <Field label="Minutes per credit" required {...problem('minutesPerCredit')}>
              <Input
                ref={refFor('minutesPerCredit') as never}
                inputMode="numeric"
                value={draft.minutesPerCredit}
                onChange={(_event, data) => change({ minutesPerCredit: data.value })}
              />
            </Field>
            <Field label="Increment" {...problem('increment')}>
              <Select ref={refFor('increment') as never} value={draft.increment} onChange={(_event, data) => change({ increment: data.value })}>
                {CREDIT_INCREMENTS.map((step) => (
                  <option key={step} value={String(step)}>
                    {step}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Minimum polls answered (%)" hint="0 asks for none" {...problem('minPollPercent')}>
              <Input
                ref={refFor('minPollPercent') as never}
                inputMode="decimal"
                value={draft.minPollPercent}
                onChange={(_event, data) => change({ minPollPercent: data.value })}
              />
            </Field>
          </div>
        </>
      ) : null}
    </FieldGroup>
  );
}
