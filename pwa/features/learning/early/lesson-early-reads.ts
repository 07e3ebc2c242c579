/**
 * The lesson shell's early-read script (issue 29's first frame): loaded by the shell of
 * `/learn/:courseId/lessons/:lessonId` (contracts/route-shells.ts) as a script of its own, bundled
 * with what it imports by the build (scripts/vite-route-shells.ts; the policy allows no inline
 * script), and run as soon as it has arrived, while the app's code is still on its way and
 * running (about 1.4 s of main thread at 4× CPU before the lesson page would ask).
 *
 * With a session, it asks for the lesson and its playback answer as the app would (same addresses,
 * the session's Bearer token) and leaves the answers on `window.__lessonEarlyReads` for the app's
 * lesson reads to take once (`api/early-lesson-reads.ts`). Once the playback answer is there it
 * fetches the first frame's media into the browser's cache (`lib/start-media.ts`), as the app does
 * from its own playback read. Signed out, or at any other address, it does nothing.
 */
import { shellPathPattern } from '@contracts/route-shells';
import { APP_ROUTES } from '@contracts/app-routes';
import { AUTH_TOKEN_KEY } from '@pwa/lib/api-client';
import type { EarlyLessonReads } from '../api/early-lesson-reads';
import { prefetchStartMedia } from '../lib/start-media';

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

/** Starts the reads for the page at `win.location`, if it is a lesson's and there is a session. */
export function startEarlyLessonReads(win: Window): void {
  const lessonId = lessonOfPath(win.location.pathname);
  let token: string | null = null;
  try {
    token = win.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage blocked: no session to read with.
  }
  if (!lessonId || !token) return;
  const get = (path: string) => win.fetch(path, { headers: { Authorization: `Bearer ${token}` }, credentials: 'include' });
  const base = `/api/lessons/${encodeURIComponent(lessonId)}`;
  const early: EarlyLessonReads = { lessonId, token, at: Date.now(), lesson: get(base), playback: get(`${base}/playback`) };
  win.__lessonEarlyReads = early;
  // Failures are the app's to report once it takes the answers; here they only stop the media.
  early.lesson.catch(() => undefined);
  if (!('MediaSource' in win || 'ManagedMediaSource' in win)) return;
  early.playback
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((answer) => answer && prefetchStartMedia(answer))
    .catch(() => undefined);
}
