/**
 * Pages whose app shell also preloads their first reads (and, in the build, their code), so the
 * browser asks for them while it parses the page instead of after the app's script has run. The
 * build writes one shell per entry (scripts/vite-route-shells.ts) and the server sends it for that
 * page (api/middleware/static-files.ts); other pages get the plain `index.html`. The PWA asks for
 * exactly these addresses: an address that differs by one character would be fetched twice.
 *
 * A shell's `path` is an exact address (`/courses`) or a pattern of the app's routes
 * (`/learn/:courseId/lessons/:lessonId`: a `:name` segment stands for any one non-empty segment).
 * A pattern's first reads depend on the address and on the session, which a `<link rel=preload>`
 * cannot carry (the API takes a Bearer token): its shell starts them with a small script instead
 * (a lesson's: pwa/early/lesson-early-reads.ts).
 */
import { APP_ROUTES } from './app-routes';
import { coursesFirstPagePath } from './catalogue-paths';
import { HOME_READ_PATHS } from './home-reads';

/** /courses' first read (its first cards) when the address names no type and no search. */
export const COURSES_FIRST_PAGE_PATH = coursesFirstPagePath(new URLSearchParams());

export interface RouteShell {
  /** The shell's file in the build's output. */
  file: string;
  /** An exact address, or a route pattern with `:name` segments. */
  path: string;
  reads: readonly string[];
  /** Whether the shell's reads are the ones an address with this query string makes. */
  fits(params: URLSearchParams): boolean;
}

export const LESSON_SHELL_FILE = 'index.lesson.html';

export const ROUTE_SHELLS: readonly RouteShell[] = [
  { file: 'index.home.html', path: '/', reads: HOME_READ_PATHS, fits: () => true },
  {
    file: 'index.courses.html',
    path: '/courses',
    reads: [COURSES_FIRST_PAGE_PATH],
    fits: (params) => coursesFirstPagePath(params) === COURSES_FIRST_PAGE_PATH,
  },
  // Its reads (the lesson, its playback answer) are the early-read script's (see above).
  { file: LESSON_SHELL_FILE, path: APP_ROUTES.learnLesson, reads: [], fits: () => true },
];

/** A shell's path as a pattern: each `:name` segment one non-empty segment, captured in order. */
export const shellPathPattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '([^/]+)')}$`);

/** Each shell's pattern, made once: the server asks for every page it sends. */
const SHELL_PATTERNS = new Map(ROUTE_SHELLS.map((shell) => [shell, shellPathPattern(shell.path)]));

/** The shell for a page's address, if it has one of its own. */
export function routeShellFor(pathname: string, params: URLSearchParams): RouteShell | undefined {
  return ROUTE_SHELLS.find((shell) => SHELL_PATTERNS.get(shell)!.test(pathname) && shell.fits(params));
}
