/**
 * The landing page's first reads: its six featured courses (card fields only) and the
 * instructors. One list for the PWA, which asks for them (pwa/catalogue/api/home-queries.ts), and
 * the build, which preloads exactly these addresses in the landing page's shell
 * (scripts/vite-route-shells.ts, contracts/route-shells.ts): an address that differs by one character would be fetched twice.
 */
import { coursesPath, INSTRUCTORS_PATH } from './catalogue-paths';

/** Cards in each home section (storefront spec §2: the first six). */
export const HOME_ITEM_COUNT = 6;

export const FEATURED_COURSES_QUERY = { limit: HOME_ITEM_COUNT, view: 'summary' } as const;

export const HOME_READ_PATHS = [coursesPath(FEATURED_COURSES_QUERY), INSTRUCTORS_PATH];
