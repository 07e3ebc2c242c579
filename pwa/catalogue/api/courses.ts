/** GET /api/courses?type&category&search: a course list, answered from the saved catalogue when offline. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { filterCourses } from '@contracts/course-filter';
import type { Course, CourseQuery } from '@contracts/catalogue';
import { getJson } from '@pwa/lib/api-client';
import { catalogueDb } from '@pwa/offline/catalogue-db';
import { networkFirst } from './catalogue-source';
import { courseKeys } from './course-keys';

export function coursesUrl(query: CourseQuery): string {
  const params = new URLSearchParams();
  if (query.type?.length) params.set('type', query.type.join(','));
  if (query.category) params.set('category', query.category);
  if (query.search?.trim()) params.set('search', query.search.trim());
  const qs = params.toString();
  return qs ? `/api/courses?${qs}` : '/api/courses';
}

export function fetchCourses(query: CourseQuery = {}): Promise<Course[]> {
  return networkFirst(
    () => getJson<Course[]>(coursesUrl(query)),
    (courses) => catalogueDb.courses.bulkPut(courses),
    async () => {
      const all = await catalogueDb.courses.toArray();
      return all.length ? filterCourses(all, query) : undefined;
    },
    'the catalogue',
  );
}

export const coursesQueryOptions = (query: CourseQuery = {}) => queryOptions({ queryKey: courseKeys.list(query), queryFn: () => fetchCourses(query) });

export function useCourses(query: CourseQuery = {}) {
  return useQuery(coursesQueryOptions(query));
}
