/**
 * Pages whose app shell also preloads their first reads (and, in the build, their code), so the
 * browser asks for them while it parses the page instead of after the app's script has run. The
 * build writes one shell per entry (scripts/vite-route-shells.ts) and the server sends it for that
 * page (api/middleware/static-files.ts); other pages get the plain `index.html`. The PWA asks for
 * exactly these addresses: an address that differs by one character would be fetched twice.
 */
import { coursesFirstPagePath } from './catalogue-paths';
import { HOME_READ_PATHS } from './home-reads';

/** /courses' first read (its first cards) when the address names no type and no search. */
export const COURSES_FIRST_PAGE_PATH = coursesFirstPagePath(new URLSearchParams());

export interface RouteShell {
  /** The shell's file in the build's output. */
  file: string;
  path: string;
  reads: readonly string[];
  /** Whether the shell's reads are the ones an address with this query string makes. */
  fits(params: URLSearchParams): boolean;
}

export const ROUTE_SHELLS: readonly RouteShell[] = [
  { file: 'index.home.html', path: '/', reads: HOME_READ_PATHS, fits: () => true },
  {
    file: 'index.courses.html',
    path: '/courses',
    reads: [COURSES_FIRST_PAGE_PATH],
    fits: (params) => coursesFirstPagePath(params) === COURSES_FIRST_PAGE_PATH,
  },
];

/** The shell for a page's address, if it has one of its own. */
export function routeShellFor(pathname: string, params: URLSearchParams): RouteShell | undefined {
  return ROUTE_SHELLS.find((shell) => shell.path === pathname && shell.fits(params));
}
