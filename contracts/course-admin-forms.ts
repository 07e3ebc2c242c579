/**
 * The back-office course forms (back-office spec §2, §5): what each screen's fields hold (text, as
 * typed) and which are required, with the spec's messages. The screens turn a valid form into a
 * `courseWriteSchema` body; the server checks that body again with the same rules
 * (`courseRuleViolation`), for every role.
 */
import { LOCAL_IMAGE } from './image-paths';
import { z } from 'zod';
import { COURSE_LIMITS, COURSE_MESSAGES, TIER_MESSAGES } from './course-admin';
import { TIME_ZONES } from './catalogue';

export const FORM_MESSAGES = {
  ...COURSE_MESSAGES,
  startTime: 'Start time is required',
  /** The full-screen editor's "Validation Error" toast. */
  editorRequired: 'Please fill in all required fields (Title, Description, Instructor Name)',
  /** The create pages' toast. */
  pageRequired: 'Please fill in all required fields',
  priceFormat: 'Price must be a number of at least 0 with at most 2 decimals',
  date: 'Enter the date as YYYY-MM-DD',
  time: 'Enter the time as HH:MM',
} as const;

const optional = z.string();
const required = (message: string) => z.string().trim().min(1, message);
/** Empty (no value), or a whole number in the server's range (`courseWriteSchema`), with the server's message. */
const wholeNumber = ({ min, max }: { min: number; max: number }, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max), message);
const duration = wholeNumber(COURSE_LIMITS.duration, COURSE_MESSAGES.duration);
const capacity = wholeNumber(COURSE_LIMITS.maxParticipants, COURSE_MESSAGES.capacity);
const price = (message: string) => required(message).regex(/^\d{1,7}(\.\d{1,2})?$/, FORM_MESSAGES.priceFormat);
const date = (message?: string) => (message ? required(message) : z.string().trim()).regex(/^(\d{4}-\d{2}-\d{2})?$/, FORM_MESSAGES.date);
const time = (message?: string) => (message ? required(message) : z.string().trim()).regex(/^(\d{2}:\d{2})?$/, FORM_MESSAGES.time);
/** A stored path, or (offline) an image kept on the device until its upload lands. */
const image = z
  .string()
  .trim()
  .refine((path) => LOCAL_IMAGE.test(path) || (/^(\/(objects\/uploads|images)\/[\w./-]+)?$/.test(path) && !path.includes('..')), COURSE_MESSAGES.image);
const code = z
  .string()
  .trim()
  .max(60, 'Course code must be at most 60 characters')
  .regex(/^[A-Za-z0-9-]*$/, 'Course code may contain only letters, digits and dashes');
const timezone = z.enum(TIME_ZONES, { error: `Time zone must be one of ${TIME_ZONES.join(', ')}` });
const flag = z.enum(['true', 'false']);

const instructorFields = {
  instructorName: required(COURSE_MESSAGES.instructorName),
  instructorTitle: optional,
  instructorBio: optional,
  instructorImage: image,
};

const scheduleFields = {
  startDate: date(COURSE_MESSAGES.startDate),
  startTime: time(FORM_MESSAGES.startTime),
  endDate: date(),
  endTime: time(),
  duration,
  timezone,
};

const heading = { title: required(COURSE_MESSAGES.title), shortDescription: required(COURSE_MESSAGES.shortDescription), code };
const liveDetails = { image, ...instructorFields, ...scheduleFields, maxParticipants: capacity, description: optional, isActive: flag };

/** Live webinar: create page and full-screen editor (title, short description, instructor, start). */
export const webinarFormSchema = z.object({ ...heading, ...liveDetails });

/** Live seminar (also an ended one, now a recorded seminar): also a location (in field order, after the code). */
export const seminarFormSchema = z.object({ ...heading, location: required(COURSE_MESSAGES.location), ...liveDetails });

/** Recorded course dialog: title, short description and instructor name required. */
export const recordedCourseFormSchema = z.object({
  title: required(COURSE_MESSAGES.title),
  shortDescription: required(COURSE_MESSAGES.shortDescription),
  category: optional,
  duration,
  image,
  ...instructorFields,
  description: optional,
  isActive: flag,
});

/** Webinar pack dialog: title, code, price and instructor required. */
export const packFormSchema = z.object({
  title: required(COURSE_MESSAGES.title),
  code: code.min(1, COURSE_MESSAGES.code),
  price: price(COURSE_MESSAGES.price),
  instructorId: required(COURSE_MESSAGES.instructorId),
  shortDescription: optional,
  duration,
  image,
  description: optional,
  isActive: flag,
});

/** Pricing tier dialog. */
export const tierFormSchema = z.object({
  name: required(TIER_MESSAGES.name).max(120, 'Name must be at most 120 characters'),
  price: price(TIER_MESSAGES.price),
});

/** Instructor dialog (/admin/instructors). */
export const instructorFormSchema = z.object({
  name: required('Name is required').max(200, 'Name must be at most 200 characters'),
  title: optional,
  bio: optional,
  image,
});
