/**
 * Addresses of the catalogue reads. No zod here (types only): the PWA's first load and the build
 * import this without pulling in the schemas.
 */
import type { CourseQuery } from './catalogue';

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
