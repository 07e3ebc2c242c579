/**
 * Sends an attempt's kept answers to the server (`PUT /api/attempts/:id/answers`): a short pause
 * after the last change gathers quick clicks into one request, one request at a time so they land
 * in order, and whatever could not be sent (offline, server unreachable) is sent again when the
 * connection returns (the `online` event, and a backoff of 2 s … 1 min in case the browser does
 * not notice). The server takes each question's latest answer, so a repeat is harmless; an
 * acknowledged answer is not sent again.
 */
import type { Answer } from '@contracts/assessments';
import { ApiError, isUnavailable } from '@pwa/lib/api-client';
import { keepAnswer, markSent, unsentAnswers } from './kept-answers';

/** saving: a change is on this device and on its way; saved: the server has every answer; kept: on this device, waiting for the connection; closed: the server takes no more (time up or submitted); refused: the server said no. */
export type SyncState = 'saving' | 'saved' | 'kept' | 'closed' | 'refused';

export interface AnswerSyncOptions {
  attemptId: string;
  send: (answers: Answer[]) => Promise<unknown>;
  onState: (state: SyncState) => void;
  /** The pause after a change before sending (ms). */
  delay?: number;
}

export interface AnswerSync {
  change(questionId: string, optionIds: string[]): void;
  /** Sends what is unsent now; resolves when that round has ended. */
  flush(): Promise<void>;
  stop(): void;
}

/** Where an unsent answer is: on its way, or — the browser offline — waiting on this device. */
export const unsentState = (): SyncState => (typeof navigator !== 'undefined' && navigator.onLine === false ? 'kept' : 'saving');

const RETRY_FIRST = 2_000;
const RETRY_MAX = 60_000;

export function createAnswerSync({ attemptId, send, onState, delay = 400 }: AnswerSyncOptions): AnswerSync {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retryIn = RETRY_FIRST;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void round(), ms);
  };

  const attempt = async () => {
    const { answers, versions } = unsentAnswers(attemptId);
    if (answers.length === 0) {
      onState('saved');
      return;
    }
    try {
      await send(answers);
      markSent(attemptId, versions);
      retryIn = RETRY_FIRST;
      if (unsentAnswers(attemptId).answers.length > 0) again = true;
      else onState('saved');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        stopped = true;
        onState('closed');
      } else if (isUnavailable(error)) {
        onState('kept');
        schedule(retryIn);
        retryIn = Math.min(RETRY_MAX, retryIn * 2);
      } else {
        onState('refused');
      }
    }
  };

  const round = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    running = attempt().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        void round();
      }
    });
    return running;
  };

  const online = () => {
    retryIn = RETRY_FIRST;
    void round();
  };
  globalThis.addEventListener?.('online', online);
  // Answers a previous visit could not send go out at once.
  if (unsentAnswers(attemptId).answers.length > 0) schedule(0);

  return {
    change(questionId, optionIds) {
      keepAnswer(attemptId, questionId, optionIds);
      // "Saved" only once the server has it: until then the change is on its way, or waits for the connection.
      onState(unsentState());
      schedule(delay);
    },
    flush: () => round(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', online);
    },
  };
}
