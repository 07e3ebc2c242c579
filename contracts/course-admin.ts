/**
 * The back office's course and pricing-tier writes (back-office spec §3, §5, §7): request bodies
 * and the rules each kind of course must meet, with the spec's messages. Shared by the API (which
 * enforces them for every role) and the back-office forms.
 */
import { z } from 'zod';
import { COURSE_TYPES, TIME_ZONES } from './catalogue';
import { creditRulesSchema } from './credits';
import { WAITLIST_OFFER_MINUTES } from './waitlists';

export const COURSE_MESSAGES = {
  title: 'Title is required',
  shortDescription: 'Short description is required',
  instructorName: 'Instructor name is required',
  location: 'Location is required',
  startDate: 'Start date is required',
  code: 'Course code is required',
  price: 'Price is required',
  instructorId: 'Instructor is required',
  codeTaken: 'Course code already exists',
  codeFixed: 'The course code cannot be changed after the course is created',
  endBeforeStart: 'The end date must be after the start date',
  image: 'Image must be an uploaded image (/objects/uploads/…) or one of the catalogue images (/images/…)',
  duration: 'Duration must be a whole number of minutes from 1 to 100,000',
  capacity: 'Capacity must be a whole number from 1 to 100,000',
} as const;

/** The ranges a course's numbers must fall in (the messages above name them); the forms check the same before sending. */
export const COURSE_LIMITS = {
  duration: { min: 1, max: 100_000 },
  maxParticipants: { min: 1, max: 100_000 },
} as const;

/** The spec's defaults for new courses (back-office spec §4, §9), used by the server and the forms alike. */
export const COURSE_DEFAULTS = {
  timezone: 'US/Eastern',
  webinar: { duration: 90 },
  /** A seminar runs 09:00–17:00 on its start day unless told otherwise, for 480 minutes, with 50 seats. */
  seminar: { duration: 480, startTime: '09:00', endTime: '17:00', capacity: 50 },
} as const;

export const TIER_MESSAGES = { name: 'Name is required', price: 'Price is required' } as const;

const PRICE_FORMAT = 'Price must be a number of at least 0 with at most 2 decimals';

/** A price as the spec sends it: a decimal string ("0", "129.50"); a JSON number is taken too. */
const priceSchema = (required: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .regex(/^\d{1,7}(\.\d{1,2})?$/, PRICE_FORMAT),
  );

const isoDate = z.iso.datetime({ offset: true, error: 'Dates must be ISO 8601 date-times such as 2027-03-01T14:00:00.000Z' }).nullable();

/** Same-origin image paths only (the page's CSP allows no other origin): uploads and the catalogue's own images. */
const imagePath = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(objects\/uploads|images)\/[\w./-]+$/, COURSE_MESSAGES.image)
  .refine((path) => !path.includes('..'), COURSE_MESSAGES.image)
  .nullable();

/** A whole number in its range, every way of missing it answered with the one message that names the range. */
const wholeNumber = ({ min, max }: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullable();

/** POST /api/courses and PUT /api/courses/:id. On PUT, fields left out keep their value. */
/** A client working offline names what it creates (a UUID), so its later edits can refer to it; the server checks it is new. */
const clientId = z.uuid({ error: 'id must be a UUID' });

const WAITLIST_OFFER_MESSAGE = `An offer holds its seat for ${WAITLIST_OFFER_MINUTES.min} minutes to ${WAITLIST_OFFER_MINUTES.max / 1440} days (in minutes)`;

export const courseWriteSchema = z.object({
  id: clientId.optional(),
  code: z
    .string()
    .trim()
    .max(60, 'Course code must be at most 60 characters')
    .regex(/^[A-Za-z0-9-]*$/, 'Course code may contain only letters, digits and dashes')
    .optional(),
  title: z.string().trim().max(300, 'Title must be at most 300 characters').optional(),
  shortDescription: text(2000).optional(),
  description: z.string().max(200_000, 'Description is too long').nullable().optional(),
  type: z.enum(COURSE_TYPES, { error: `Type must be one of ${COURSE_TYPES.join(', ')}` }).optional(),
  category: text(100).optional(),
  price: priceSchema(COURSE_MESSAGES.price).optional(),
  duration: wholeNumber(COURSE_LIMITS.duration, COURSE_MESSAGES.duration).nullable().optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  timezone: z
    .enum(TIME_ZONES, { error: `Time zone must be one of ${TIME_ZONES.join(', ')}` })
    .nullable()
    .optional(),
  location: text(300).optional(),
  image: imagePath.optional(),
  instructorName: text(200).optional(),
  instructorTitle: text(200).optional(),
  instructorBio: z.string().max(50_000, 'Instructor bio is too long').nullable().optional(),
  instructorImage: imagePath.optional(),
  instructorId: z.uuid({ error: COURSE_MESSAGES.instructorId }).nullable().optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  maxParticipants: wholeNumber(COURSE_LIMITS.maxParticipants, COURSE_MESSAGES.capacity).nullable().optional(),
  /** How long a waitlist offer holds a freed seat (issue 35). */
  waitlistOfferMinutes: z
    .number({ error: WAITLIST_OFFER_MESSAGE })
    .int({ error: WAITLIST_OFFER_MESSAGE })
    .min(WAITLIST_OFFER_MINUTES.min, { error: WAITLIST_OFFER_MESSAGE })
    .max(WAITLIST_OFFER_MINUTES.max, { error: WAITLIST_OFFER_MESSAGE })
    .optional(),
  tags: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
  /** What attendance earns (issue 30, point 4); null removes the rule. */
  creditRules: creditRulesSchema.nullable().optional(),
  /** The version the client edited (alternative to `If-Match`). */
  version: z.number().int().min(1).optional(),
});
export type CourseWrite = z.infer<typeof courseWriteSchema>;
/** PUT /api/courses/:id: the same fields; an `id` in the body is ignored (the path names the course). */
export const courseUpdateSchema = courseWriteSchema.omit({ id: true });

/** What the rules look at: the course as it will be stored. */
export interface CourseDraft {
  code?: string | null;
  title?: string | null;
  shortDescription?: string | null;
  type?: string | null;
  category?: string | null;
  price?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  location?: string | null;
  instructorName?: string | null;
  instructorId?: string | null;
}

export type CourseKind = 'seminar' | 'pack' | 'webinar';

/** A seminar stays one after it ends (a recorded seminar keeps its place and date). */
export function courseKind(course: Pick<CourseDraft, 'type' | 'category'>): CourseKind {
  if (course.type === 'live_seminar' || course.type === 'recorded_seminar') return 'seminar';
  if (course.type === 'webinar' && course.category?.toLowerCase() === 'pack') return 'pack';
  return 'webinar';
}

const blank = (value: string | null | undefined) => !value || !value.trim();

/** The first rule the course breaks (back-office spec §5, by kind), or null. */
export function courseRuleViolation(course: CourseDraft): string | null {
  const kind = courseKind(course);
  if (blank(course.title)) return COURSE_MESSAGES.title;
  if (kind === 'pack') {
    if (blank(course.code)) return COURSE_MESSAGES.code;
    if (blank(course.price)) return COURSE_MESSAGES.price;
    if (blank(course.instructorId)) return COURSE_MESSAGES.instructorId;
    return null;
  }
  if (blank(course.shortDescription)) return COURSE_MESSAGES.shortDescription;
  // A linked instructor names the course's instructor (reads show its name: catalogue-serializers),
  // so the seeded courses, which link one, save without a name typed on the course.
  if (blank(course.instructorName) && blank(course.instructorId)) return COURSE_MESSAGES.instructorName;
  if (kind === 'seminar' && blank(course.location)) return COURSE_MESSAGES.location;
  // Live sessions need their start (the create and edit screens require it, spec §5).
  if ((kind === 'seminar' || course.type === 'live_webinar') && blank(course.startDate)) return COURSE_MESSAGES.startDate;
  if (course.startDate && course.endDate && course.endDate < course.startDate) return COURSE_MESSAGES.endBeforeStart;
  return null;
}

/** POST /api/courses/:id/pricing-tier. */
export const tierWriteSchema = z.object({
  id: clientId.optional(),
  name: z.string({ error: TIER_MESSAGES.name }).trim().min(1, TIER_MESSAGES.name).max(120, 'Name must be at most 120 characters'),
  price: priceSchema(TIER_MESSAGES.price),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
  tierLevel: z.number().int().min(0).max(100).optional(),
  description: text(2000).optional(),
  features: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});
export type TierWrite = z.infer<typeof tierWriteSchema>;

/** PUT /api/pricing-tiers/:id: fields left out keep their value. */
export const tierUpdateSchema = tierWriteSchema.omit({ id: true }).partial();
export type TierUpdate = z.infer<typeof tierUpdateSchema>;

/** Generated course codes (back-office spec §9): LIVE or SEM, the year, 3 uppercase letters or digits. */
export function generateCourseCode(prefix: 'LIVE' | 'SEM', year: number, random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let suffix = '';
  for (let i = 0; i < 3; i += 1) suffix += alphabet[Math.floor(random() * alphabet.length)];
  return `${prefix}${year}${suffix}`;
}

/** GET /api/admin/course-code?prefix=LIVE|SEM: a generated code nobody has taken yet (the editors' "Generate" button). */
export const courseCodeQuerySchema = z.object({ prefix: z.enum(['LIVE', 'SEM'], { error: 'prefix must be LIVE or SEM' }) }).strict();

/** POST /api/instructors; PUT takes the same fields, each optional. */
export const instructorWriteSchema = z.object({
  id: clientId.optional(),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  title: text(200).optional(),
  bio: z.string().max(50_000, 'Bio is too long').nullable().optional(),
  image: imagePath.optional(),
  expertise: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
});
export type InstructorWrite = z.infer<typeof instructorWriteSchema>;
export const instructorUpdateSchema = instructorWriteSchema.omit({ id: true }).partial();
export type InstructorUpdate = z.infer<typeof instructorUpdateSchema>;

export type { ActivityEntry } from './admin-activity';
