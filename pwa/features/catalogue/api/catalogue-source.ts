/**
 * Catalogue reads, network first: every answer is written through to IndexedDB; when the network
 * or the API is unavailable the same question is answered from IndexedDB and the screens show
 * the "offline, showing saved catalogue" notice. A real "no" from the API (404, 400) is passed on.
 */
import { filterCourses } from '@contracts/course-filter';
import type { Course, CourseQuery, Instructor, PricingTier } from '@contracts/catalogue';
import { getJson, isUnavailable } from '@pwa/lib/api-client';
import { catalogueDb } from '@pwa/offline/catalogue-db';
import { setShowingSavedCatalogue } from '@pwa/offline/offline-status';

export class OfflineMissError extends Error {
  constructor(what: string) {
    super(`You are offline and ${what} has not been saved on this device yet.`);
    this.name = 'OfflineMissError';
  }
}

async function networkFirst<T>(online: () => Promise<T>, save: (value: T) => Promise<unknown>, offline: () => Promise<T | undefined>, what: string): Promise<T> {
  try {
    const value = await online();
    setShowingSavedCatalogue(false);
    save(value).catch(() => undefined);
    return value;
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    const saved = await offline().catch(() => undefined);
    if (saved === undefined) throw new OfflineMissError(what);
    setShowingSavedCatalogue(true);
    return saved;
  }
}

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

export function fetchCourse(id: string): Promise<Course> {
  return networkFirst(
    () => getJson<Course>(`/api/courses/${encodeURIComponent(id)}`),
    (course) => catalogueDb.courses.put(course),
    () => catalogueDb.courses.get(id),
    'this course',
  );
}

export function fetchPricingTiers(courseId: string): Promise<PricingTier[]> {
  return networkFirst(
    () => getJson<PricingTier[]>(`/api/courses/${encodeURIComponent(courseId)}/pricing-tiers`),
    (tiers) =>
      catalogueDb.transaction('rw', catalogueDb.pricingTiers, async () => {
        await catalogueDb.pricingTiers.where('courseId').equals(courseId).delete();
        await catalogueDb.pricingTiers.bulkPut(tiers);
      }),
    async () => {
      // Only answer when the course itself is saved: its tiers arrive with it in every sync.
      if (!(await catalogueDb.courses.get(courseId))) return undefined;
      const tiers = await catalogueDb.pricingTiers.where('courseId').equals(courseId).toArray();
      return tiers.sort((a, b) => a.sortOrder - b.sortOrder || a.tierLevel - b.tierLevel);
    },
    'this course’s pricing',
  );
}

export function fetchInstructors(): Promise<Instructor[]> {
  return networkFirst(
    () => getJson<Instructor[]>('/api/instructors'),
    (instructors) => catalogueDb.instructors.bulkPut(instructors),
    async () => {
      const all = await catalogueDb.instructors.orderBy('name').toArray();
      return all.length ? all : undefined;
    },
    'the instructors',
  );
}
