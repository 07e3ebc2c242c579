/**
 * Between a course as the API sends it and the text a back-office form holds: dates as the wall
 * clock of the course's own time zone (date and time fields), numbers as text, and back to the
 * `POST/PUT /api/courses` body the spec gives (duration an integer or null, dates ISO or null,
 * blanks as null).
 */
import type { Course } from '@contracts/catalogue';
import { COURSE_DEFAULTS, type CourseWrite } from '@contracts/course-admin';
import { wallClockAt, zonedTimeToUtc } from '@contracts/time-zones';

const pad = (n: number) => String(n).padStart(2, '0');

/** The date (YYYY-MM-DD) and time (HH:MM) the course's zone shows at `iso`; blanks when unset. */
export function toWallClock(iso: string | null | undefined, timeZone: string): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return { date: '', time: '' };
  const w = wallClockAt(instant, timeZone);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** The UTC ISO instant of a wall-clock date and time in `timeZone`, or null without a date. */
export function toIso(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!d) return null;
  const t = /^(\d{2}):(\d{2})$/.exec(time.trim()) ?? [null, '00', '00'];
  return zonedTimeToUtc(Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2]), timeZone).toISOString();
}

export const blankToNull = (value: string): string | null => (value.trim() ? value.trim() : null);
export const toInteger = (value: string): number | null => (value.trim() ? Number.parseInt(value.trim(), 10) : null);
const text = (value: string | null | undefined) => value ?? '';

/** Empty rich text from the editor ("<p></p>") is no description. */
export function richTextOrNull(html: string): string | null {
  return html.replace(/<p>\s*<\/p>/g, '').trim() ? html : null;
}

export interface ScheduleValues {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  duration: string;
  timezone: string;
}

export function scheduleValues(course: Course | undefined, defaults: { duration: number; startTime?: string; endTime?: string }): ScheduleValues {
  const timezone = course?.timezone ?? COURSE_DEFAULTS.timezone;
  const start = toWallClock(course?.startDate, timezone);
  const end = toWallClock(course?.endDate, timezone);
  return {
    startDate: start.date,
    startTime: start.time || (defaults.startTime ?? ''),
    endDate: end.date,
    endTime: end.time || (defaults.endTime ?? ''),
    duration: course ? (course.duration === null ? '' : String(course.duration)) : String(defaults.duration),
    timezone,
  };
}

/**
 * The schedule part of a course body. Without an end date the course ends on its start day at the
 * end time (a single-day event, spec §4); without an end time either, the server derives the end.
 */
export function scheduleBody(values: ScheduleValues): Pick<CourseWrite, 'startDate' | 'endDate' | 'duration' | 'timezone'> {
  const timezone = values.timezone as CourseWrite['timezone'];
  const startDate = toIso(values.startDate, values.startTime, values.timezone);
  const endDay = values.endDate.trim() || (values.endTime.trim() && startDate ? values.startDate : '');
  return { startDate, endDate: endDay ? toIso(endDay, values.endTime, values.timezone) : null, duration: toInteger(values.duration), timezone };
}

export interface InstructorValues {
  instructorName: string;
  instructorTitle: string;
  instructorBio: string;
  instructorImage: string;
}

export function instructorValues(course: Course | undefined): InstructorValues {
  return {
    instructorName: text(course?.instructorName),
    instructorTitle: text(course?.instructorTitle),
    instructorBio: text(course?.instructorBio),
    instructorImage: text(course?.instructorImage),
  };
}

export function instructorBody(values: InstructorValues): Pick<CourseWrite, 'instructorName' | 'instructorTitle' | 'instructorBio' | 'instructorImage'> {
  return {
    instructorName: blankToNull(values.instructorName),
    instructorTitle: blankToNull(values.instructorTitle),
    instructorBio: blankToNull(values.instructorBio),
    instructorImage: blankToNull(values.instructorImage),
  };
}

/** Fields every course form has. */
export function commonValues(course: Course | undefined) {
  return {
    title: text(course?.title),
    shortDescription: text(course?.shortDescription),
    image: text(course?.image),
    description: text(course?.description),
    isActive: course ? String(course.isActive) : 'true',
  };
}

export function commonBody(values: ReturnType<typeof commonValues>): Pick<CourseWrite, 'title' | 'shortDescription' | 'image' | 'description' | 'isActive'> {
  return {
    title: values.title.trim(),
    shortDescription: blankToNull(values.shortDescription),
    image: blankToNull(values.image),
    description: richTextOrNull(values.description),
    isActive: values.isActive === 'true',
  };
}
