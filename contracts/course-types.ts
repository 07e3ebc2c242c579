/** The course types, without zod: the PWA's first load reads them (an address's `type`). */
export const COURSE_TYPES = ['live_seminar', 'live_webinar', 'webinar', 'recorded_webinar', 'recorded_seminar', 'recorded_course'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

export function isCourseType(value: string | null | undefined): value is CourseType {
  return typeof value === 'string' && (COURSE_TYPES as readonly string[]).includes(value);
}

/** The types in a sentence ("25% off live webinars"): plural, lower-case. */
export const COURSE_TYPE_NAMES: Record<CourseType, string> = {
  live_seminar: 'live seminars',
  live_webinar: 'live webinars',
  webinar: 'webinars',
  recorded_webinar: 'recorded webinars',
  recorded_seminar: 'recorded seminars',
  recorded_course: 'recorded courses',
};
