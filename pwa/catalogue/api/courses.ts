/**
 * GET /api/courses?type&category&search[&limit&view]: a course list, answered from the saved
 * catalogue when offline. `useLocalFirstCourses` renders at once from the saved copy when this
 * device holds a complete one; the network answer then replaces it.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Course, CourseQuery } from '@contracts/catalogue';
import { coursesListingQuery, coursesPath, LISTING_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@contracts/catalogue-paths';
import { normalizeSearchTerm } from '@contracts/search';
import { apiRequest, getJson } from '@pwa/lib/api-client';
import { withCatalogueDb } from '@pwa/offline/catalogue/open-catalogue-db';
import { hadCompleteCopyAtStart, hasAllDetails, readSavedCourses, saveCourses } from '@pwa/offline/catalogue/saved-catalogue';
import { networkFirst } from './catalogue-source';
import { courseKeys } from './course-keys';
import { useLocalFirst, type LocalFirstResult } from './local-first';

/**
 * Longer answers are not written through: the offline copy's sync (background-sync.ts, in its
 * worker) stores every course anyway, and writing a long listing again on the main thread made
 * tasks of up to 450 ms while /courses was in use (10,000 courses, 4× CPU). Short answers (the
 * featured six, a listing's first page, a small filter) are, so a first visit keeps them at once.
 */
export const WRITE_THROUGH_MAX = 100;

/** The saved copy's answer to `query` (offline): undefined when this device has saved no course at all. */
const savedAnswer = (query: CourseQuery) =>
  withCatalogueDb(async (db) => {
    const saved = await readSavedCourses(db, query);
    return saved.length || (await db.courses.count()) ? saved : undefined;
  });

export function fetchCourses(query: CourseQuery = {}): Promise<Course[]> {
  return networkFirst(
    () => getJson<Course[]>(coursesPath(query)),
    (courses) => (courses.length > WRITE_THROUGH_MAX ? Promise.resolve() : withCatalogueDb((db) => saveCourses(db, courses))),
    () => savedAnswer(query),
    'the catalogue',
  );
}

/** A listing's first page and how many courses match in all, as the server counts them (null when it did not say: offline). */
export interface CoursesFirstPage {
  courses: Course[];
  total: number | null;
}

/** GET /api/courses with a `limit`: the first page, and its `X-Total-Count`. */
export function fetchCoursesFirstPage(query: CourseQuery): Promise<CoursesFirstPage> {
  return networkFirst<CoursesFirstPage>(
    async () => {
      const response = await apiRequest('GET', coursesPath(query));
      const said = response.headers.get(TOTAL_COUNT_HEADER);
      return { courses: (await response.json()) as Course[], total: said !== null && /^\d+$/.test(said) ? Number(said) : null };
    },
    ({ courses }) => withCatalogueDb((db) => saveCourses(db, courses)),
    async () => {
      const saved = await savedAnswer(query);
      return saved && { courses: saved, total: null };
    },
    'the catalogue',
  );
}

const coursesFirstPageQueryOptions = (query: CourseQuery) =>
  queryOptions({ queryKey: courseKeys.firstPage(query), queryFn: () => fetchCoursesFirstPage(query) });

export const coursesQueryOptions = (query: CourseQuery = {}) => queryOptions({ queryKey: courseKeys.list(query), queryFn: () => fetchCourses(query) });

/**
 * The first page /courses asks for (before its whole list), asked for as the app starts when
 * /courses is opened (`preloadPage`), so it is on its way while the shell's code runs (and answered
 * by the shell's preload when the address names no type or search: contracts/route-shells.ts).
 */
export function prefetchCoursesFirstPage(queryClient: QueryClient, params: URLSearchParams): void {
  void queryClient.prefetchQuery(coursesFirstPageQueryOptions({ ...coursesListingQuery(params), limit: LISTING_PAGE_SIZE }));
}

export function useCourses(query: CourseQuery = {}) {
  return useQuery(coursesQueryOptions(query));
}

/**
 * The saved copy's answer, or null when this device held no complete copy when the app opened —
 * or when the answer needs the descriptions (a search, the full view) and they are not all saved yet.
 */
export const savedCoursesQueryOptions = (query: CourseQuery = {}) =>
  queryOptions({
    queryKey: courseKeys.saved(query),
    queryFn: () =>
      withCatalogueDb(async (db) => {
        if (!(await hadCompleteCopyAtStart(db))) return null;
        const needsDetails = query.view !== 'summary' || !!normalizeSearchTerm(query.search);
        if (needsDetails && !(await hasAllDetails(db))) return null;
        return readSavedCourses(db, query);
      }),
  });

export interface LocalFirstCourses extends LocalFirstResult<Course[]> {
  /** True while only the first page (`firstPage`) is shown: client-side filters must wait for the whole list. */
  isFirstPageOnly: boolean;
  /** How many courses match in all: the whole list's length, or, with the first page only, the server's count (null when it did not say). */
  total: number | null;
}

/**
 * The listing's courses, local first. With `firstPage`, when the whole list is not at hand yet,
 * just that many are also asked for (one small request beside the whole list's) and shown until
 * the saved copy or the whole list answers, so a long catalogue's first cards show as soon as they
 * arrive instead of after the whole list has downloaded and been parsed.
 */
export function useLocalFirstCourses(query: CourseQuery = {}, options: { firstPage?: number } = {}): LocalFirstCourses {
  // Asked for before the whole list (hooks subscribe in order), so a server busy building the long
  // answer has sent the short one first; not at all when the whole list is already at hand.
  const queryClient = useQueryClient();
  const wantsFirstPage = options.firstPage !== undefined && queryClient.getQueryData(courseKeys.list(query)) === undefined;
  const first = useQuery({ ...coursesFirstPageQueryOptions({ ...query, limit: options.firstPage }), enabled: wantsFirstPage });
  const whole = useLocalFirst(coursesQueryOptions(query), savedCoursesQueryOptions(query));
  if (whole.data === undefined && !whole.isError && wantsFirstPage && first.data) {
    return { ...whole, data: first.data.courses, isPending: false, isSuccess: true, isFirstPageOnly: true, total: first.data.total };
  }
  return { ...whole, isFirstPageOnly: false, total: whole.data?.length ?? null };
}
