/** Display labels for course types (storefront spec §2, course card and listings). */
import type { CourseType } from '@contracts/catalogue';

/** Card and detail badge: both recorded types read "Recording". */
export function courseTypeBadgeLabel(type: CourseType | string): string {
  switch (type) {
    case 'live_seminar':
      return 'Live Seminar';
    case 'live_webinar':
      return 'Live Webinar';
    case 'webinar':
      return 'Webinar';
    case 'recorded_webinar':
    case 'recorded_seminar':
    case 'recorded_course':
      return 'Recording';
    default:
      return 'Course';
  }
}

/** Option labels for type filters. */
export const COURSE_TYPE_FILTER_LABELS: Record<string, string> = {
  live_seminar: 'Live Seminars',
  live_webinar: 'Live Webinars',
  webinar: 'Webinars',
  recorded_webinar: 'Recorded Webinars',
  recorded_seminar: 'Recorded Seminars',
  recorded_course: 'Recorded Courses',
};

export function isLiveType(type: string): boolean {
  return type === 'live_seminar' || type === 'live_webinar';
}

export function isRecordedType(type: string): boolean {
  return type === 'recorded_webinar' || type === 'recorded_seminar' || type === 'recorded_course';
}

export const COURSE_FALLBACK_IMAGE = '/images/course-fallback.svg';
export const INSTRUCTOR_FALLBACK_IMAGE = '/images/instructor-fallback.svg';
