/**
 * One question as native form controls: a fieldset named by "Question 3 of 20" and the question's
 * text (the server's sanitised HTML, sanitised again as it is shown), radios for single choice and
 * true/false, checkboxes for multiple choice, each with its label. Arrow keys move between radios,
 * Space ticks a checkbox: the browser's own keyboard handling, nothing trapped.
 */
import type { ReactNode } from 'react';
import type { AttemptQuestion } from '@contracts/assessments';
import { LazyRichText } from '@pwa/components/lazy-rich-text';
import { useAssessmentStyles } from './assessment-styles';

export interface QuestionFieldsetProps {
  question: AttemptQuestion;
  /** "Question 3 of 20". */
  label: string;
  chosen: readonly string[];
  onChange: (optionIds: string[]) => void;
  disabled?: boolean;
  /** Under the options: feedback, a button. */
  children?: ReactNode;
  /** Distinguishes the same question shown twice on a page. */
  idPrefix?: string;
}

export function QuestionFieldset({ question, label, chosen, onChange, disabled, children, idPrefix = 'q' }: QuestionFieldsetProps) {
  const styles = useAssessmentStyles();
  const base = `${idPrefix}-${question.id}`;
  const multiple = question.kind === 'multiple';
  const toggle = (optionId: string, checked: boolean) => {
    if (!multiple) return onChange([optionId]);
    const next = checked ? [...chosen.filter((id) => id !== optionId), optionId] : chosen.filter((id) => id !== optionId);
    // In the order the options are shown.
    onChange(question.options.map((o) => o.id).filter((id) => next.includes(id)));
  };
  return (
    <fieldset className={styles.fieldset} aria-labelledby={`${base}-legend ${base}-text`} disabled={disabled}>
      <legend id={`${base}-legend`} className={styles.legend}>
        {label}
        {multiple ? ' (choose all that apply)' : ''}
      </legend>
      <div id={`${base}-text`}>
        <LazyRichText className={`rich-text ${styles.questionText}`} html={question.text} />
      </div>
      {question.options.map((option) => {
        const id = `${base}-${option.id}`;
        return (
          <label key={option.id} htmlFor={id} className={styles.option}>
            <input
              id={id}
              type={multiple ? 'checkbox' : 'radio'}
              name={base}
              value={option.id}
              checked={chosen.includes(option.id)}
              onChange={(event) => toggle(option.id, event.currentTarget.checked)}
            />
            <span>{option.text}</span>
          </label>
        );
      })}
      {children}
    </fieldset>
  );
}
