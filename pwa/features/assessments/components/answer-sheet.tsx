/**
 * The page of an attempt being taken, online or on the device (issue 34): a sticky summary
 * (answered so far, the timer, where the answers are), every question as native form controls, and
 * Submit, which first asks — naming what is not answered — in a region on the page (no focus trap).
 * The one who holds the answers (`ExamTaking`, `OfflineTaking`) keeps them and hands them in.
 */
import { Button } from '@fluentui/react-components';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AttemptQuestion } from '@contracts/assessments';
import { unansweredNumbers } from '../lib/unanswered';
import { useAssessmentStyles } from './assessment-styles';
import { QuestionFieldset } from './question-fieldset';
import { SubmitConfirm } from './submit-confirm';

export interface AnswerSheetProps {
  questions: readonly AttemptQuestion[];
  answers: Record<string, readonly string[]>;
  onChoose: (questionId: string, optionIds: string[]) => void;
  /** Handing in (or just handed in): the controls wait. */
  busy: boolean;
  /** The summary's timer, if the attempt has a time limit. */
  timer?: ReactNode;
  /** Where the answers are ("Saved", "Saved on this device …"). */
  status: string;
  /** Under the questions: a problem to tell. */
  notice?: ReactNode;
  submitLabel?: string;
  onSubmit: () => void;
}

export function AnswerSheet({ questions, answers, onChoose, busy, timer, status, notice, submitLabel = 'Submit answers', onSubmit }: AnswerSheetProps) {
  const styles = useAssessmentStyles();
  const [confirming, setConfirming] = useState(false);
  // Started or tried again by a button that is now gone: focus goes to the summary, not to the page's start.
  const summary = useRef<HTMLDivElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) summary.current?.focus();
  }, []);

  const total = questions.length;
  const unanswered = unansweredNumbers(questions, answers);
  return (
    <>
      <div className={styles.summary} data-testid="exam-summary" ref={summary} tabIndex={-1}>
        <span>
          Answered {total - unanswered.length} of {total}
        </span>
        {timer}
        <span className={styles.status} role="status" data-testid="exam-save-status">
          {status}
        </span>
      </div>
      <ol className={styles.questions} aria-label="Questions">
        {questions.map((question, index) => (
          <li key={question.id}>
            <QuestionFieldset
              question={question}
              label={`Question ${index + 1} of ${total}`}
              chosen={answers[question.id] ?? []}
              onChange={(optionIds) => onChoose(question.id, optionIds)}
              disabled={busy}
            />
          </li>
        ))}
      </ol>
      {notice}
      <div className={styles.actions}>
        <Button appearance="primary" ref={submitButton} onClick={() => setConfirming(true)} disabled={busy}>
          {submitLabel}
        </Button>
      </div>
      {confirming ? (
        <SubmitConfirm
          unanswered={unanswered}
          busy={busy}
          onCancel={() => {
            setConfirming(false);
            submitButton.current?.focus();
          }}
          onConfirm={() => {
            submitButton.current?.focus();
            setConfirming(false);
            onSubmit();
          }}
        />
      ) : null}
    </>
  );
}
