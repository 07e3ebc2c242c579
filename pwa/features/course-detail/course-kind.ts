import type { Course } from '@contracts/catalogue';
import { isRecordedType } from '../../catalogue/components/course-labels';

/** Recordings and packs (bundles of recordings) are bought on demand; everything else is attended. */
export function isOnDemand(course: Course): boolean {
  return isRecordedType(course.type) || (course.category ?? '').toLowerCase() === 'pack';
}
