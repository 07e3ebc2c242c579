/**
 * A question's options in its dialog: each a text with its correct marker — a radio for single
 * choice and true/false (one right answer), a checkbox for multiple choice — and "Remove option";
 * "Add option" below (up to the contract's limit). True/false keeps its two options "True" and
 * "False" (only which is right is chosen). The problem with the options, if any, is said below them.
 */
import { Button, Checkbox, Field, Input, Radio } from '@fluentui/react-components';
import { useId, type Ref } from 'react';
import { ASSESSMENT_LIMITS, type QuestionKind } from '@contracts/assessments';
import type { OptionDraft } from '../lib/question-form';
import { useAssessmentStyles } from './assessments-styles';

export function OptionEditor({
  kind,
  options,
  problem,
  firstRef,
  onChange,
}: {
  kind: QuestionKind;
  options: OptionDraft[];
  problem: string | undefined;
  /** The first option's text box (focused when the options are what is wrong). */
  firstRef: Ref<HTMLInputElement>;
  onChange: (options: OptionDraft[]) => void;
}) {
  const styles = useAssessmentStyles();
  const group = useId();
  const fixed = kind === 'true_false';
  const oneRight = kind !== 'multiple';
  const set = (index: number, change: Partial<OptionDraft>) =>
    onChange(
      options.map((o, i) => {
        if (i === index) return { ...o, ...change };
        // One right answer: marking one unmarks the others.
        return oneRight && change.correct ? { ...o, correct: false } : o;
      }),
    );
  return (
    <fieldset className={styles.fieldset} aria-describedby={problem ? `${group}-problem` : undefined}>
      <legend className={styles.legend}>Options</legend>
      {options.map((option, i) => {
        const n = i + 1;
        return (
          <div key={i} className={styles.option}>
            <Field label={`Option ${n}`} required className={styles.optionText}>
              <Input
                ref={i === 0 ? firstRef : undefined}
                value={option.text}
                readOnly={fixed}
                maxLength={ASSESSMENT_LIMITS.optionTextMax}
                onChange={(_event, data) => set(i, { text: data.value })}
              />
            </Field>
            {oneRight ? (
              <Radio
                name={`${group}-correct`}
                label="Correct"
                aria-label={`Option ${n} is correct`}
                checked={option.correct}
                onChange={() => set(i, { correct: true })}
              />
            ) : (
              <Checkbox
                label="Correct"
                aria-label={`Option ${n} is correct`}
                checked={option.correct}
                onChange={(_event, data) => set(i, { correct: data.checked === true })}
              />
            )}
            {fixed ? null : (
              <Button
                aria-label={`Remove option ${n}`}
                disabled={options.length <= ASSESSMENT_LIMITS.optionsMin}
                onClick={() => onChange(options.filter((_o, j) => j !== i))}
              >
                Remove
              </Button>
            )}
          </div>
        );
      })}
      {fixed ? null : (
        <div className={styles.actions}>
          <Button disabled={options.length >= ASSESSMENT_LIMITS.optionsMax} onClick={() => onChange([...options, { text: '', correct: false }])}>
            Add option
          </Button>
        </div>
      )}
      {problem ? (
        <span id={`${group}-problem`} role="alert" className={styles.problem}>
          {problem}
        </span>
      ) : null}
    </fieldset>
  );
}
