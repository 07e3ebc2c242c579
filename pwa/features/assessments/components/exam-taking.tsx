/**
 * An open attempt: every question on one page under a sticky summary (answered so far, time left,
 * where the answers are saved), each answer kept on the device at once and sent to the server;
 * Submit asks first, naming what is not answered; at the end of the time it is handed in by itself.
 */
import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttemptResult, AttemptView } from '@contracts/assessments';
import { useAttemptAnswers } from '../hooks/use-attempt-answers';
import { useSubmitAttempt } from '../hooks/use-submit-attempt';
import type { SyncState } from '../lib/answer-sync';
import { unansweredNumbers } from '../lib/unanswered';
import { useAssessmentStyles } from './assessment-styles';
import { ExamTimer } from './exam-timer';
import { QuestionFieldset } from './question-fieldset';
import { SubmitConfirm } from './submit-confirm';

export const SAVE_TEXTS: Record<SyncState, string> = {
  saving: 'Saving…',
  saved: 'Saved',
  kept: 'Saved on this device — will be sent when you are back online',
  closed: 'The time for this attempt is up.',
  refused: 'Your last answer could not be saved. It is kept on this device.',
};

export function ExamTaking({ view, onSubmitted }: { view: AttemptView; onSubmitted: (result: AttemptResult) => void }) {
  const styles = useAssessmentStyles();
  const { answers, state, choose, stop } = useAttemptAnswers(view);
  const [confirming, setConfirming] = useState(false);
  const latest = useRef(answers);
  latest.current = answers;
  const answerList = useCallback(() => Object.entries(latest.current).map(([questionId, optionIds]) => ({ questionId, optionIds })), []);
  const { submit, busy, problem } = useSubmitAttempt(view.attemptId, answerList, onSubmitted, stop);

  // The server takes no more answers: the time is up (or it was handed in elsewhere). Its result is asked for.
  useEffect(() => {
    if (state === 'closed') void submit(false);
  }, [state, submit]);

  // Started or tried again by a button that is now gone: focus goes to the summary, not to the page's start.
  const summary = useRef<HTMLDivElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) summary.current?.focus();
  }, []);

  const total = view.questions.length;
  const unanswered = unansweredNumbers(view.questions, answers);
  const onTimeUp = useCallback(() => void submit(), [submit]);

  return (
    <>
      <div className={styles.summary} data-testid="exam-summary" ref={summary} tabIndex={-1}>
        <span>
          Answered {total - unanswered.length} of {total}
        </span>
        {view.expiresAt ? <ExamTimer expiresAt={view.expiresAt} onTimeUp={onTimeUp} running={!busy} /> : null}
        <span className={styles.status} role="status" data-testid="exam-save-status">
          {SAVE_TEXTS[state]}
        </span>
      </div>
      <ol className={styles.questions} aria-label="Questions">
        {view.questions.map((question, index) => (
          <li key={question.id}>
            <QuestionFieldset
              question={question}
              label={`Question ${index + 1} of ${total}`}
              chosen={answers[question.id] ?? []}
              onChange={(optionIds) => choose(question.id, optionIds)}
              disabled={busy}
            />
          </li>
        ))}
      </ol>
      {problem ? (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button appearance="primary" ref={submitButton} onClick={() => setConfirming(true)} disabled={busy}>
          {busy ? 'Submitting…' : 'Submit answers'}
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
            void submit();
          }}
        />
      ) : null}
    </>
  );
}
