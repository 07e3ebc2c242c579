/**
 * The fixed credits of the Certificate tab: one row per credit (kind, amount, optional field of
 * study), added and removed; held as JSON in the form's `credits` field. Once the form has been
 * submitted, each row's problem shows at its own field and the first takes the focus.
 */
import { Button, Field, Input, Select } from '@fluentui/react-components';
import { CREDIT_KINDS, MAX_CREDIT_TYPES, MAX_FIELD_OF_STUDY_LENGTH, type CreditKind } from '@contracts/credits';
import { creditRowProblems, newCreditRow, parseCreditRows, type CreditRow } from '../lib/settings-form';
import { useCertificateStyles } from './certificates-styles';
import { CreditKindOptions } from '@pwa/components/form/credit-kind-options';

export interface CreditRowsProps {
  value: string;
  onChange: (value: string) => void;
  /** Whether to show the rows' problems (the form was submitted with one). */
  showProblems: boolean;
  /** The form's focus ref of the field: given to the first field with a problem. */
  focusRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

export function CreditRowsFields({ value, onChange, showProblems, focusRef }: CreditRowsProps) {
  const styles = useCertificateStyles();
  const rows = parseCreditRows(value);
  const found = creditRowProblems(rows);
  const first = Object.keys(found)[0];
  const problem = (place: string) =>
    showProblems && found[place] ? { validationState: 'error' as const, validationMessage: found[place] } : { validationState: 'none' as const };
  const refFor = (place: string) => (place === first ? focusRef : undefined);
  const change = (next: CreditRow[]) => onChange(JSON.stringify(next));
  const changeRow = (index: number, next: Partial<CreditRow>) => change(rows.map((row, i) => (i === index ? { ...row, ...next } : row)));
  const unused = CREDIT_KINDS.find((kind) => !rows.some((row) => row.kind === kind)) ?? 'CPE';

  return (
    <>
      {rows.length ? (
        <ul className={styles.credits} aria-label="Fixed credits">
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <li key={index} className={styles.credit}>
                <Field label={`Credit ${n} type`}>
                  <Select value={row.kind} onChange={(_event, data) => changeRow(index, { kind: data.value as CreditKind })}>
                    <CreditKindOptions />
                  </Select>
                </Field>
                <Field label={`Credit ${n} amount`} required {...problem(`${index}.amount`)}>
                  <Input
                    ref={refFor(`${index}.amount`)}
                    inputMode="decimal"
                    value={row.amount}
                    onChange={(_event, data) => changeRow(index, { amount: data.value })}
                  />
                </Field>
                <Field label={`Credit ${n} field of study (optional)`} {...problem(`${index}.fieldOfStudy`)}>
                  <Input
                    ref={refFor(`${index}.fieldOfStudy`)}
                    value={row.fieldOfStudy}
                    maxLength={MAX_FIELD_OF_STUDY_LENGTH}
                    onChange={(_event, data) => changeRow(index, { fieldOfStudy: data.value })}
                  />
                </Field>
                <Button aria-label={`Remove credit ${n}`} onClick={() => change(rows.filter((_row, i) => i !== index))}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.meta}>No fixed credits.</p>
      )}
      <Button className={styles.add} disabled={rows.length >= MAX_CREDIT_TYPES} onClick={() => change([...rows, newCreditRow(unused)])}>
        Add credit
      </Button>
    </>
  );
}
