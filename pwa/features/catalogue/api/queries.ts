/** Query options and hooks for catalogue reads; one query key per request. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseQuery, CourseType } from '@contracts/catalogue';
import { fetchCourse, fetchCourses, fetchInstructors, fetchPricingTiers } from './catalogue-source';

export const catalogueKeys = {
  courses: (query: CourseQuery) => ['/api/courses', query] as const,
  course: (id: string) => ['/api/courses', id] as const,
  pricingTiers: (courseId: string) => ['/api/courses', courseId, 'pricing-tiers'] as const,
  instructors: () => ['/api/instructors'] as const,
};

export const coursesQueryOptions = (query: CourseQuery = {}) =>
  queryOptions({ queryKey: catalogueKeys.courses(query), queryFn: () => fetchCourses(query) });

export const courseQueryOptions = (id: string) => queryOptions({ queryKey: catalogueKeys.course(id), queryFn: () => fetchCourse(id) });

export const pricingTiersQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: catalogueKeys.pricingTiers(courseId), queryFn: () => fetchPricingTiers(courseId) });

export const instructorsQueryOptions = () => queryOptions({ queryKey: catalogueKeys.instructors(), queryFn: fetchInstructors });

export function useCourses(query: { type?: CourseType[]; category?: string; search?: string } = {}) {
  return useQuery(coursesQueryOptions(query));
}

export function useCourse(id: string) {
  return useQuery(courseQueryOptions(id));
}

export function usePricingTiers(courseId: string, enabled = true) {
  return useQuery({ ...pricingTiersQueryOptions(courseId), enabled });
}

export function useInstructors() {
  return useQuery(instructorsQueryOptions());
}
