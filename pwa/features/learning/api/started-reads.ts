/**
 * Reads a lesson page starts before its screen renders (`lesson-start.ts`): each kept under its
 * query key's name for the viewer who started it, and taken once by that query's first fetch — a
 * later fetch (a retry, the lesson opened again) asks the server afresh. A read not taken within
 * STARTED_READ_MS is dropped (the page was left before it rendered). The reads the lesson's shell
 * started before the app ran (`early-lesson-reads.ts`) join them on first use, for the token they
 * were sent with and from when they were sent.
 */
import { answerOf, takeEarlyLessonReads } from './early-lesson-reads';

const STARTED_READ_MS = 30_000;

/** The names reads are kept under. */
export const startedKeys = {
  lesson: (lessonId: string) => `lesson:${lessonId}`,
  playback: (lessonId: string) => `playback:${lessonId}`,
};

interface Started {
  viewer: string;
  at: number;
  answer: Promise<unknown>;
}

const started = new Map<string, Started>();

/** The shell's early reads, if any, kept like reads started here (once: they are taken from the page). */
function adoptEarlyReads(): void {
  const early = takeEarlyLessonReads();
  if (!early) return;
  for (const [key, response] of [
    [startedKeys.lesson(early.lessonId), early.lesson],
    [startedKeys.playback(early.lessonId), early.playback],
  ] as const) {
    const answer = answerOf(response);
    answer.catch(() => undefined);
    started.set(key, { viewer: early.token, at: early.at, answer });
  }
}

const fresh = (read: Started | undefined, viewer: string): read is Started => !!read && read.viewer === viewer && Date.now() - read.at < STARTED_READ_MS;

/** Starts `read` under `key` for `viewer`, unless it is already on its way. */
export function startRead(key: string, viewer: string, read: () => Promise<unknown>): void {
  adoptEarlyReads();
  if (fresh(started.get(key), viewer)) return;
  const answer = read();
  // Its failure is the query's to report, once taken; a read never taken fails silently.
  answer.catch(() => undefined);
  started.set(key, { viewer, at: Date.now(), answer });
}

/** The read started under `key` for `viewer` (taken: the next call asks afresh), else a new one. */
export function takeRead<T>(key: string, viewer: string, read: () => Promise<T>): Promise<T> {
  adoptEarlyReads();
  const found = started.get(key);
  started.delete(key);
  return fresh(found, viewer) ? (found.answer as Promise<T>) : read();
}
