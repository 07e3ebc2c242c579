/**
 * Addresses of the catalogue reads. No zod here (types only): the PWA's first load and the build
 * import this without pulling in the schemas.
 */
import type { CourseQuery } from './catalogue';
import { isCourseType } from './course-types';

/** The address of a `GET /api/courses` read: the query in a fixed order, so equal reads share one address (and cache entry). */
export function coursesPath(query: CourseQuery): string {
  const params = new URLSearchParams();
  if (query.type?.length) params.set('type', query.type.join(','));
  if (query.category) params.set('category', query.category);
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.view && query.view !== 'full') params.set('view', query.view);
  if (query.status === 'all') params.set('status', 'all');
  const qs = params.toString();
  return qs ? `/api/courses?${qs}` : '/api/courses';
}

export const INSTRUCTORS_PATH = '/api/instructors';

/** Cards a listing shows at first (its first page), and adds with each "Show more courses". */
export const LISTING_PAGE_SIZE = 24;

/**
 * What /courses lists for its address: the type (when it is one), the search, card fields only.
 * One rule for the page, its early read (main.tsx) and the server's choice of shell.
 */
export function coursesListingQuery(params: URLSearchParams): CourseQuery {
  const type = params.get('type');
  const search = (params.get('search') ?? '').trim();
  return { ...(isCourseType(type) ? { type: [type] } : {}), ...(search ? { search } : {}), view: 'summary' };
}

/** The address of /courses' first page of cards for its address's query string. */
export function coursesFirstPagePath(params: URLSearchParams): string {
  return coursesPath({ ...coursesListingQuery(params), limit: LISTING_PAGE_SIZE });
}

/** GET /api/courses with a `limit` and no cursor (a first page) says in this header how many courses match in all. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
