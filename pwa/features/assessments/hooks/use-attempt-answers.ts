/**
 * An open attempt's answers as the screen shows them: the server's saved ones with this device's
 * unsent ones laid over them (a reload resumes where it was), each change kept on the device at
 * once and sent by the attempt's answer sync. `state` says where the answers are.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttemptView } from '@contracts/assessments';
import { saveAnswers } from '../api/attempts';
import { createAnswerSync, unsentState, type AnswerSync, type SyncState } from '../lib/answer-sync';
import { mergeWithServer, unsentAnswers } from '../lib/kept-answers';

export function useAttemptAnswers(view: AttemptView) {
  const attemptId = view.attemptId;
  const [answers, setAnswers] = useState(() => mergeWithServer(attemptId, view.answers));
  const [state, setState] = useState<SyncState>(() => (unsentAnswers(attemptId).answers.length === 0 ? 'saved' : unsentState()));
  const sync = useRef<AnswerSync | null>(null);

  useEffect(() => {
    const created = createAnswerSync({ attemptId, send: (sent) => saveAnswers(attemptId, sent), onState: setState });
    sync.current = created;
    return () => created.stop();
  }, [attemptId]);

  const choose = useCallback((questionId: string, optionIds: string[]) => {
    setAnswers((previous) => ({ ...previous, [questionId]: optionIds }));
    sync.current?.change(questionId, optionIds);
  }, []);

  const stop = useCallback(() => sync.current?.stop(), []);

  return { answers, state, choose, stop };
}
