/**
 * Catalogue contract: the wire shapes of courses, pricing tiers and instructors, the query
 * string of GET /api/courses and the catalogue sync payload. Pure: imported by api/ and pwa/.
 */
import { z } from 'zod';
import { COURSE_TYPES } from './course-types';
import { creditRulesSchema } from './credits';
import { cursorSchema, pageLimitSchema } from './paging';

export { COURSE_TYPES, isCourseType, type CourseType } from './course-types';

/** The eight time zones offered by the back office (back-office spec §9). */
export const TIME_ZONES = ['US/Eastern', 'US/Central', 'US/Mountain', 'US/Pacific', 'Europe/London', 'Europe/Paris', 'Asia/Tokyo', 'Australia/Sydney'] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

/** Money on the wire: a decimal string with two places, e.g. "1299.00". */
export const moneySchema = z.string().regex(/^\d+\.\d{2}$/, 'must be a decimal string such as "12.00"');

export const instructorSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  image: z.string().nullable(),
});

export const courseSchema = z.object({
  id: z.string(),
  title: z.string(),
  code: z.string(),
  type: z.enum(COURSE_TYPES),
  category: z.string().nullable(),
  price: moneySchema,
  shortDescription: z.string().nullable(),
  /** Sanitized, allow-listed HTML. */
  description: z.string().nullable(),
  image: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  duration: z.number().int().nullable(),
  timezone: z.string().nullable(),
  location: z.string().nullable(),
  maxParticipants: z.number().int().nullable(),
  currentParticipants: z.number().int(),
  /** Seats held for people on the waitlist (issue 35): not for sale, so the storefront counts them as taken. Absent: none. */
  seatsOffered: z.number().int().optional(),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  instructorId: z.string().nullable(),
  instructor: instructorSummarySchema.nullable(),
  instructorName: z.string().nullable(),
  instructorTitle: z.string().nullable(),
  instructorImage: z.string().nullable(),
  /** Sanitized, allow-listed HTML. */
  instructorBio: z.string().nullable(),
  /** What attendance earns (live sessions; null: none set; absent on a course a device made offline, not yet saved). */
  creditRules: creditRulesSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** +1 on every staff write; send it back in `If-Match` (or as `version`) to update safely. */
  version: z.number().int(),
});
export type Course = z.infer<typeof courseSchema>;

/** `GET /api/courses?view=summary`: what a card shows — a course without its description and instructor bio. */
export const courseSummarySchema = courseSchema.omit({ description: true, instructorBio: true });
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** Pages of `GET /api/courses`: `limit` from 1 to this; the next page's address comes in the `Link` header. */
export const COURSE_PAGE_MAX = 100;
/** Page size when a `cursor` comes without a `limit`. */
export const COURSE_PAGE_DEFAULT = 24;

export const pricingTierSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  name: z.string(),
  price: moneySchema,
  description: z.string().nullable(),
  features: z.array(z.string()),
  isDefault: z.boolean(),
  tierLevel: z.number().int(),
  sortOrder: z.number().int(),
});
export type PricingTier = z.infer<typeof pricingTierSchema>;

export const instructorSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  /** Sanitized, allow-listed HTML. */
  bio: z.string().nullable(),
  image: z.string().nullable(),
  expertise: z.array(z.string()),
});
export type Instructor = z.infer<typeof instructorSchema>;

const courseTypeList = z
  .string()
  .trim()
  .min(1, 'type must not be empty')
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(COURSE_TYPES, { error: (issue) => `unknown course type "${String(issue.input)}"; expected one of ${COURSE_TYPES.join(', ')}` }))
      .min(1, 'type must name at least one course type'),
  );

/** Query string of GET /api/courses. Unknown parameters are rejected so typos surface. */
export const courseQuerySchema = z
  .object({
    type: courseTypeList.optional(),
    category: z.string().trim().min(1, 'category must not be empty').max(100).optional(),
    search: z.string().max(200, 'search must be at most 200 characters').optional(),
    limit: pageLimitSchema(COURSE_PAGE_MAX).optional(),
    cursor: cursorSchema(800).optional(),
    view: z.enum(['full', 'summary'], { error: 'view must be full or summary' }).optional(),
    /** `all` (staff only): inactive courses too, for the back office's tables. */
    status: z.enum(['active', 'all'], { error: 'status must be active or all' }).optional(),
  })
  .strict();
export type CourseQuery = z.infer<typeof courseQuerySchema>;

/** Query string of GET /api/courses/:id and its pricing tiers: `status=all` (staff only) reads an inactive course too. */
export const courseReadQuerySchema = z.object({ status: z.enum(['active', 'all'], { error: 'status must be active or all' }).optional() }).strict();

export const syncQuerySchema = z
  .object({
    since: z
      .string()
      .regex(/^\d{1,15}$/, 'since must be a cursor returned by a previous sync')
      .transform(Number)
      .optional(),
    /** `summary`: courses without description and instructor bio (a small first copy; details follow). */
    view: z.enum(['full', 'summary'], { error: 'view must be full or summary' }).optional(),
  })
  .strict();

export const catalogueSyncSchema = z.object({
  /** True when this is a full snapshot (no `since`): the client replaces what it holds. */
  full: z.boolean(),
  /** Pass back as `since` on the next call. */
  cursor: z.string(),
  /** Full courses, or with `view=summary` courses without `description` and `instructorBio`. */
  courses: z.array(courseSchema.partial({ description: true, instructorBio: true })),
  pricingTiers: z.array(pricingTierSchema),
  instructors: z.array(instructorSchema),
  removed: z.object({
    courses: z.array(z.string()),
    pricingTiers: z.array(z.string()),
    instructors: z.array(z.string()),
  }),
});
export type CatalogueSync = z.infer<typeof catalogueSyncSchema>;

export const errorBodySchema = z.object({ message: z.string() });
