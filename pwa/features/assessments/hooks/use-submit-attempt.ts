/**
 * Hands an attempt in: with this device's answers (the server saves them first, within the time),
 * once. Offline, the answers stay kept and it is handed in when the connection returns. If the
 * server takes no more answers (the time is up), it is handed in as it stood on the server.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answer, AttemptResult } from '@contracts/assessments';
import { ApiError, isUnavailable } from '@pwa/lib/api-client';
import { submitAttempt } from '../api/attempts';
import { forgetKept } from '../lib/kept-answers';

export const OFFLINE_SUBMIT_TEXT = 'You are offline. Your answers are saved on this device and will be submitted when you are back online.';

export function useSubmitAttempt(attemptId: string, answers: () => Answer[], onSubmitted: (result: AttemptResult) => void, beforeSend: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = useRef(false);
  const done = useRef(false);

  const submit = useCallback(
    async (withAnswers = true) => {
      if (done.current) return;
      setBusy(true);
      setProblem(null);
      beforeSend();
      try {
        let result: AttemptResult;
        try {
          result = await submitAttempt(attemptId, withAnswers ? answers() : undefined);
        } catch (error) {
          // Past the time the server may refuse late answers: what it holds is graded.
          if (!(withAnswers && error instanceof ApiError && error.status === 409)) throw error;
          result = await submitAttempt(attemptId);
        }
        done.current = true;
        waiting.current = false;
        forgetKept(attemptId);
        onSubmitted(result);
      } catch (error) {
        if (isUnavailable(error)) {
          waiting.current = true;
          setProblem(OFFLINE_SUBMIT_TEXT);
        } else {
          setProblem((error instanceof ApiError && error.serverMessage) || 'Your answers could not be submitted. Please try again.');
        }
      } finally {
        setBusy(false);
      }
    },
    [attemptId, answers, onSubmitted, beforeSend],
  );

  useEffect(() => {
    const online = () => {
      if (waiting.current) void submit();
    };
    globalThis.addEventListener('online', online);
    return () => globalThis.removeEventListener('online', online);
  }, [submit]);

  return { submit, busy, problem };
}
