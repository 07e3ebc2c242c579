/**
 * The lesson shell's early-read script (issue 29's first frame): loaded by the shell of
 * `/learn/:courseId/lessons/:lessonId` (contracts/route-shells.ts) as a script of its own, bundled
 * with what it imports by the build (scripts/vite-route-shells.ts; the policy allows no inline
 * script), and run as soon as it has arrived, while the app's code is still on its way and
 * running (about 1.4 s of main thread at 4× CPU before the lesson page would ask).
 *
 * With a session, it asks for the lesson and its playback answer as the app would (same addresses,
 * the session's Bearer token) and leaves the answers on `window.__lessonEarlyReads` for the app's
 * lesson reads to take once (`api/early-lesson-reads.ts`). Where the browser has Media Source
 * Extensions it also starts the lesson's video at once (`early-player.ts`), for the app's player to
 * take over. Signed out, or at any other address, it does nothing.
 */
import { shellPathPattern } from '@contracts/route-shells';
import { APP_ROUTES } from '@contracts/app-routes';
import { AUTH_TOKEN_KEY } from '@pwa/lib/api-client';
import type { EarlyLessonReads } from '../api/early-lesson-reads';
import { startEarlyPlayer } from './early-player';

/** The lesson named by `pathname`, if it is a lesson's address. */
export function lessonOfPath(pathname: string): string | null {
  // The pattern's second segment: /learn/:courseId/lessons/:lessonId.
  const segment = shellPathPattern(APP_ROUTES.learnLesson).exec(pathname)?.[2];
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Starts the reads for the page at `win.location`, if it is a lesson's and there is a session.
 * Returns when the early player is ready or gave up (undefined: none is starting).
 */
export function startEarlyLessonReads(win: Window): Promise<void> | undefined {
  const lessonId = lessonOfPath(win.location.pathname);
  let token: string | null = null;
  try {
    token = win.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage blocked: no session to read with.
  }
  if (!lessonId || !token) return undefined;
  const get = (path: string) => win.fetch(path, { headers: { Authorization: `Bearer ${token}` }, credentials: 'include' });
  const base = `/api/lessons/${encodeURIComponent(lessonId)}`;
  const early: EarlyLessonReads = { lessonId, token, at: Date.now(), lesson: get(base), playback: get(`${base}/playback`) };
  win.__lessonEarlyReads = early;
  // Failures are the app's to report once it takes the answers; here they only stop the media.
  early.lesson.catch(() => undefined);
  if (!('MediaSource' in win || 'ManagedMediaSource' in win)) return undefined;
  return startEarlyPlayer(win, lessonId, early.playback);
}
