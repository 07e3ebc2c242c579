/** GET /api/courses/:id: one course, answered from the saved catalogue when offline. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@contracts/catalogue';
import { getJson } from '@pwa/lib/api-client';
import { withCatalogueDb } from '@pwa/offline/catalogue/open-catalogue-db';
import { saveCourses } from '@pwa/offline/catalogue/saved-catalogue';
import { toCourse } from '@pwa/offline/catalogue/saved-list';
import { networkFirst } from './catalogue-source';
import { courseKeys } from './course-keys';

export function fetchCourse(id: string): Promise<Course> {
  return networkFirst(
    () => getJson<Course>(`/api/courses/${encodeURIComponent(id)}`),
    (course) => withCatalogueDb((db) => saveCourses(db, [course])),
    () =>
      withCatalogueDb(async (db) => {
        const saved = await db.courses.get(id);
        return saved && toCourse(saved);
      }),
    'this course',
  );
}

export const courseQueryOptions = (id: string) => queryOptions({ queryKey: courseKeys.detail(id), queryFn: () => fetchCourse(id) });

export function useCourse(id: string) {
  return useQuery(courseQueryOptions(id));
}
