/**
 * The catalogue's listing rules as pure functions, so the PWA can answer the same queries from
 * its offline copy exactly as the API answers them from the database.
 */
import type { Course, CourseQuery } from './catalogue';
import { matchesSearch, normalizeSearchTerm, searchRegExp } from './search';

/** The `type` and `category` rules alone (the back office's tables list inactive courses too). */
export function matchesTypeAndCategory(course: Pick<Course, 'type' | 'category'>, query: Pick<CourseQuery, 'type' | 'category'>): boolean {
  if (query.type && query.type.length > 0 && !query.type.includes(course.type)) return false;
  return !query.category || (course.category ?? '').toLowerCase() === query.category.toLowerCase();
}

export function matchesCourseQuery(course: Course, query: CourseQuery): boolean {
  if (!course.isActive) return false;
  if (!matchesTypeAndCategory(course, query)) return false;
  const term = normalizeSearchTerm(query.search);
  if (term && !matchesSearch([course.title, course.code, course.description], searchRegExp(term))) return false;
  return true;
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * startDate ascending, courses without a start date last, then title ignoring case (compared by
 * character code, like the database's binary collation), then id — the API's order exactly.
 */
export function compareCoursesByStartDate(a: Course, b: Course): number {
  if (a.startDate && b.startDate) {
    if (a.startDate !== b.startDate) return a.startDate < b.startDate ? -1 : 1;
  } else if (a.startDate) return -1;
  else if (b.startDate) return 1;
  return byCodeUnit(a.title.toLowerCase(), b.title.toLowerCase()) || byCodeUnit(a.id, b.id);
}

export function filterCourses(courses: Course[], query: CourseQuery): Course[] {
  return courses.filter((course) => matchesCourseQuery(course, query)).sort(compareCoursesByStartDate);
}
