/**
 * From a request body to the stored course: the spec's defaults (durations 90 / 480, US/Eastern,
 * 50 seats and a 17:00 end for seminars), sanitized rich text, prices in cents, and the rules of
 * each kind of course (contracts/course-admin.ts).
 */
import type { PartialModelObject } from 'objection';
import type { Course } from '@db/models';
import { wallClockAt, zonedTimeToUtc } from '@contracts/time-zones';
import { COURSE_DEFAULTS, courseKind, courseRuleViolation, type CourseWrite } from '@contracts/course-admin';
import { AppError } from '@api/errors';
import { sanitizeRichText } from '@api/lib/sanitize-html';
import { decimalToCents, centsToDecimal } from '@api/lib/money';

const [SEMINAR_END_HOUR, SEMINAR_END_MINUTE] = COURSE_DEFAULTS.seminar.endTime.split(':').map(Number) as [number, number];

/** The stored fields a body sets (only the ones it names). */
export function fieldsFromBody(body: CourseWrite): PartialModelObject<Course> {
  const fields: PartialModelObject<Course> = {};
  const copy = [
    'code',
    'title',
    'shortDescription',
    'type',
    'category',
    'duration',
    'startDate',
    'endDate',
    'timezone',
    'location',
    'image',
    'instructorName',
    'instructorTitle',
    'instructorImage',
    'instructorId',
    'isActive',
    'maxParticipants',
    'waitlistOfferMinutes',
    'tags',
    'creditRules',
  ] as const;
  for (const key of copy) if (body[key] !== undefined) (fields as Record<string, unknown>)[key] = body[key];
  if (body.description !== undefined) fields.description = sanitizeRichText(body.description);
  if (body.instructorBio !== undefined) fields.instructorBio = sanitizeRichText(body.instructorBio);
  if (body.price !== undefined) fields.priceCents = decimalToCents(body.price);
  if (fields.code === '') delete fields.code;
  return fields;
}

/** The seminar end time (17:00) on the start's own day, in the course's time zone. */
export function seminarEnd(startDate: string, timeZone: string): string {
  const day = wallClockAt(new Date(startDate).getTime(), timeZone);
  return zonedTimeToUtc(day.year, day.month, day.day, SEMINAR_END_HOUR, SEMINAR_END_MINUTE, timeZone).toISOString();
}

/** A new course: the body over the spec's defaults for its kind. */
export function newCourseFields(body: CourseWrite): PartialModelObject<Course> {
  const fields = fieldsFromBody(body);
  const type = fields.type ?? 'live_webinar';
  const seminar = type === 'live_seminar';
  const timezone = (fields.timezone as string | null | undefined) ?? COURSE_DEFAULTS.timezone;
  const startDate = (fields.startDate as string | null | undefined) ?? null;
  return {
    type,
    category: null,
    priceCents: 0,
    shortDescription: null,
    description: null,
    image: null,
    endDate: seminar && startDate ? seminarEnd(startDate, timezone) : null,
    location: null,
    instructorName: null,
    instructorTitle: null,
    instructorBio: null,
    instructorImage: null,
    instructorId: null,
    isActive: true,
    tags: [],
    creditRules: null,
    currentParticipants: 0,
    ...fields,
    startDate,
    duration: fields.duration === undefined ? (seminar ? COURSE_DEFAULTS.seminar.duration : COURSE_DEFAULTS.webinar.duration) : fields.duration,
    maxParticipants: fields.maxParticipants === undefined ? (seminar ? COURSE_DEFAULTS.seminar.capacity : null) : fields.maxParticipants,
    timezone,
  };
}

/** Refuses a course that breaks its kind's rules, with the spec's message. */
export function assertCourseRules(course: PartialModelObject<Course>): void {
  const violation = courseRuleViolation({
    code: course.code as string | undefined,
    title: course.title as string | undefined,
    shortDescription: course.shortDescription as string | null | undefined,
    type: course.type as string | undefined,
    category: course.category as string | null | undefined,
    price: course.priceCents === undefined || course.priceCents === null ? null : centsToDecimal(course.priceCents as number),
    startDate: course.startDate as string | null | undefined,
    endDate: course.endDate as string | null | undefined,
    location: course.location as string | null | undefined,
    instructorName: course.instructorName as string | null | undefined,
    instructorId: course.instructorId as string | null | undefined,
  });
  if (violation) throw AppError.badRequest(violation);
}

export const kindLabel = (course: Pick<Course, 'type' | 'category'>): string => {
  const kind = courseKind(course);
  if (kind === 'pack') return 'webinar pack';
  return course.type.replace(/_/g, ' ');
};
