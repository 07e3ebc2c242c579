/**
 * A lesson's first reads started by its page's shell before the app's code has run
 * (`early/lesson-early-reads.ts`, a script of its own that the lesson's shell loads: see
 * contracts/route-shells.ts): the lesson and its playback answer, sent with the session's token,
 * their answers left on `window.__lessonEarlyReads` for the app to take. `adoptEarlyLessonReads`
 * takes them once and hands them to the started reads (`started-reads.ts`) under the lesson's
 * keys, for the token they were sent with and from the time they were sent: so they are used only
 * by the query of the same lesson for the same session while still fresh, and otherwise dropped
 * like any started read that was never taken (the lesson is then asked for as usual).
 */
import { throwIfNotOk } from '@pwa/lib/api-client';

export interface EarlyLessonReads {
  /** The lesson of the address the page was opened at (decoded). */
  lessonId: string;
  /** The session token the reads were sent with. */
  token: string;
  /** When they were sent (`Date.now()`). */
  at: number;
  lesson: Promise<Response>;
  playback: Promise<Response>;
}

declare global {
  interface Window {
    /** Left by the lesson shell's early-read script, taken once by the app. */
    __lessonEarlyReads?: EarlyLessonReads;
  }
}

/** The answer's JSON, or its refusal as the `ApiError` every other read throws. */
export async function answerOf<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  await throwIfNotOk(answer);
  return (await answer.json()) as T;
}

/** The early reads, once (a second call finds none), or undefined. */
export function takeEarlyLessonReads(): EarlyLessonReads | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__lessonEarlyReads;
  delete window.__lessonEarlyReads;
  return early;
}
