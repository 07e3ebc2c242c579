/**
 * The query keys of the courses resource, the one place they are spelled: lists by query, one
 * course, and a course's pricing tiers (under that course). Invalidate `courseKeys.all` to refresh
 * every course read.
 */
import type { CourseQuery } from '@contracts/catalogue';

export const courseKeys = {
  all: ['courses'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  list: (query: CourseQuery) => [...courseKeys.lists(), query] as const,
  /** A listing's first page with the server's count of all that match (`useLocalFirstCourses`). */
  firstPage: (query: CourseQuery) => [...courseKeys.lists(), 'first-page', query] as const,
  /** What the device's saved copy answers to a list query (local first). */
  saved: (query: CourseQuery) => [...courseKeys.all, 'saved', query] as const,
  details: () => [...courseKeys.all, 'detail'] as const,
  detail: (id: string) => [...courseKeys.details(), id] as const,
  pricingTiers: (courseId: string) => [...courseKeys.detail(courseId), 'pricing-tiers'] as const,
  /** The back office's reads (`status=all`: inactive courses too), under the same roots so a write's invalidation reaches both. */
  staffList: (query: CourseQuery) => [...courseKeys.lists(), 'staff', query] as const,
  staffDetail: (id: string) => [...courseKeys.detail(id), 'staff'] as const,
  staffPricingTiers: (courseId: string) => [...courseKeys.pricingTiers(courseId), 'staff'] as const,
  /** The signed-in person's recent catalogue changes: refreshed by every catalogue write. */
  activity: () => [...courseKeys.all, 'activity'] as const,
};
