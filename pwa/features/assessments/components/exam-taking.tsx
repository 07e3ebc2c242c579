/**
 * An open attempt: every question on one page under a sticky summary (answered so far, time left,
 * where the answers are saved), each answer kept on the device at once and sent to the server;
 * Submit asks first, naming what is not answered; at the end of the time it is handed in by itself.
 */
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useCallback, useEffect, useRef } from 'react';
import type { AttemptResult, AttemptView } from '@contracts/assessments';
import { useAttemptAnswers } from '../hooks/use-attempt-answers';
import { useSubmitAttempt } from '../hooks/use-submit-attempt';
import type { SyncState } from '../lib/answer-sync';
import { AnswerSheet } from './answer-sheet';
import { ExamTimer } from './exam-timer';

export const SAVE_TEXTS: Record<SyncState, string> = {
  saving: 'Saving…',
  saved: 'Saved',
  kept: 'Saved on this device — will be sent when you are back online',
  closed: 'The time for this attempt is up.',
  refused: 'Your last answer could not be saved. It is kept on this device.',
};

export function ExamTaking({ view, onSubmitted }: { view: AttemptView; onSubmitted: (result: AttemptResult) => void }) {
  const { answers, state, choose, stop } = useAttemptAnswers(view);
  const latest = useRef(answers);
  latest.current = answers;
  const answerList = useCallback(() => Object.entries(latest.current).map(([questionId, optionIds]) => ({ questionId, optionIds })), []);
  const { submit, busy, problem } = useSubmitAttempt(view.attemptId, answerList, onSubmitted, stop);

  // The server takes no more answers: the time is up (or it was handed in elsewhere). Its result is asked for.
  useEffect(() => {
    if (state === 'closed') void submit(false);
  }, [state, submit]);

  const onTimeUp = useCallback(() => void submit(), [submit]);

  return (
    <AnswerSheet
      questions={view.questions}
      answers={answers}
      onChoose={choose}
      busy={busy}
      timer={view.expiresAt ? <ExamTimer expiresAt={view.expiresAt} onTimeUp={onTimeUp} running={!busy} /> : null}
      status={SAVE_TEXTS[state]}
      notice={
        problem ? (
          <MessageBar intent="warning" role="alert">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        ) : null
      }
      submitLabel={busy ? 'Submitting…' : 'Submit answers'}
      onSubmit={() => void submit()}
    />
  );
}
