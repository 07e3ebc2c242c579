/**
 * Seeds the demo catalogue (db/seeds/demo-catalogue-data.ts): an idempotent upsert of
 * instructors, courses and pricing tiers, recorded in the catalogue change log so PWA sync
 * picks them up. Runs unchanged on SQLite and MySQL/MariaDB.
 *
 * Dates in the data are relative; they are resolved against `now` (in each course's own time
 * zone) every time the seed runs, so a re-seed moves the demo sessions along with the clock.
 *
 * Rich text is written safe in the data; callers in api/ pass `sanitize: sanitizeRichText` so the
 * stored HTML goes through exactly the same allow-list as editor input (db/ must not import api/).
 */
import type { Knex } from 'knex';
import { recordCatalogueChanges, type CatalogueChangeInput } from '../change-log';
import { wallClockAt, zonedTimeToUtc } from '@contracts/time-zones';
import {
  DEMO_COURSES,
  DEMO_INSTRUCTORS,
  SEMINAR_MINUTES_PER_DAY,
  type DemoCourse,
  type DemoInstructor,
  type DemoSchedule,
  type DemoTier,
} from './demo-catalogue-data';

export interface SeedDemoCatalogueOptions {
  /** Reference time for relative dates and created/updated stamps. Default: the current time. */
  now?: Date;
  /** Applied to every HTML field (bios, descriptions). Default: identity. */
  sanitize?: (html: string | null) => string | null;
}

export interface DemoCatalogueCounts {
  instructors: number;
  courses: number;
  pricingTiers: number;
}

type Row = Record<string, string | number | boolean | null>;

/** SQLite builds before 3.32 allow 999 bound variables per statement; stay under that. */
const MAX_VARIABLES = 900;
const MAX_ROWS_PER_INSERT = 100;

export interface ResolvedSchedule {
  startDate: string | null;
  endDate: string | null;
}

/** Turns a course's relative schedule into UTC ISO start and end instants. */
export function resolveSchedule(course: Pick<DemoCourse, 'type' | 'duration' | 'timezone'> & { schedule: DemoSchedule | null }, now: Date): ResolvedSchedule {
  const schedule = course.schedule;
  if (!schedule) return { startDate: null, endDate: null };
  const timeZone = course.timezone ?? 'UTC';
  const match = /^(\d{2}):(\d{2})$/.exec(schedule.startTimeLocal);
  if (!match) throw new Error(`invalid startTimeLocal "${schedule.startTimeLocal}"`);
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  // The calendar day in the course's zone that is `startOffsetDays` after today there.
  const today = wallClockAt(now.getTime(), timeZone);
  const dayAt = (offset: number) => {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    return zonedTimeToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), hour, minute, timeZone);
  };
  const start = dayAt(schedule.startOffsetDays);
  let end: Date;
  if (course.type === 'live_seminar' || course.type === 'recorded_seminar') {
    const days = Math.max(1, schedule.days ?? 1);
    end = new Date(dayAt(schedule.startOffsetDays + days - 1).getTime() + SEMINAR_MINUTES_PER_DAY * 60_000);
  } else {
    end = new Date(start.getTime() + (course.duration ?? 60) * 60_000);
  }
  return { startDate: start.toISOString(), endDate: end.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Rows

function instructorRow(instructor: DemoInstructor, sanitize: (html: string | null) => string | null, stamp: string): Row {
  return {
    id: instructor.id,
    name: instructor.name,
    title: instructor.title,
    bio: sanitize(instructor.bio),
    image: instructor.image,
    expertise: JSON.stringify(instructor.expertise),
    created_at: stamp,
    updated_at: stamp,
  };
}

function courseRow(course: DemoCourse, sanitize: (html: string | null) => string | null, now: Date, stamp: string): Row {
  const { startDate, endDate } = resolveSchedule(course, now);
  const guest = course.guestInstructor;
  return {
    id: course.id,
    title: course.title,
    code: course.code,
    type: course.type,
    category: course.category,
    price_cents: course.priceCents,
    short_description: course.shortDescription,
    description: sanitize(course.description),
    image: course.image,
    start_date: startDate,
    end_date: endDate,
    duration: course.duration,
    timezone: course.timezone,
    location: course.location,
    max_participants: course.maxParticipants,
    current_participants: course.currentParticipants,
    tags: JSON.stringify(course.tags),
    is_active: course.isActive,
    instructor_id: course.instructorId,
    instructor_name: guest?.name ?? null,
    instructor_title: guest?.title ?? null,
    instructor_image: guest?.image ?? null,
    instructor_bio: guest ? sanitize(guest.bio) : null,
    created_at: stamp,
    updated_at: stamp,
  };
}

function tierRow(courseId: string, tier: DemoTier, stamp: string): Row {
  return {
    id: tier.id,
    course_id: courseId,
    name: tier.name,
    price_cents: tier.priceCents,
    description: tier.description,
    features: JSON.stringify(tier.features),
    is_default: tier.isDefault,
    tier_level: tier.tierLevel,
    sort_order: tier.sortOrder,
    created_at: stamp,
    updated_at: stamp,
  };
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Inserts rows whose id is new and updates the others (keeping their created_at). */
async function upsertById(trx: Knex.Transaction, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const existing = new Set<string>();
  for (const ids of chunk(
    rows.map((row) => String(row.id)),
    MAX_ROWS_PER_INSERT,
  )) {
    const found: unknown[] = await trx(table).whereIn('id', ids).pluck('id');
    for (const id of found) existing.add(String(id));
  }
  const fresh = rows.filter((row) => !existing.has(String(row.id)));
  const rowsPerInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_VARIABLES / Object.keys(rows[0]!).length)));
  for (const batch of chunk(fresh, rowsPerInsert)) await trx(table).insert(batch);
  for (const row of rows) {
    if (!existing.has(String(row.id))) continue;
    const { id, created_at: _createdAt, ...changes } = row;
    await trx(table).where({ id }).update(changes);
  }
}

// ---------------------------------------------------------------------------------------------
// Entry points

export function demoCatalogueCounts(): DemoCatalogueCounts {
  return {
    instructors: DEMO_INSTRUCTORS.length,
    courses: DEMO_COURSES.length,
    pricingTiers: DEMO_COURSES.reduce((sum, course) => sum + course.tiers.length, 0),
  };
}

/** Inserts or refreshes every demo instructor, course and pricing tier in one transaction. */
export async function seedDemoCatalogue(knex: Knex, options: SeedDemoCatalogueOptions = {}): Promise<DemoCatalogueCounts> {
  const now = options.now ?? new Date();
  const sanitize = options.sanitize ?? ((html: string | null) => html);
  const stamp = now.toISOString();

  const instructors = DEMO_INSTRUCTORS.map((instructor) => instructorRow(instructor, sanitize, stamp));
  const courses = DEMO_COURSES.map((course) => courseRow(course, sanitize, now, stamp));
  const tiers = DEMO_COURSES.flatMap((course) => course.tiers.map((tier) => tierRow(course.id, tier, stamp)));

  const changes: CatalogueChangeInput[] = [
    ...DEMO_INSTRUCTORS.map((i): CatalogueChangeInput => ({ entity: 'instructor', entityId: i.id, action: 'upsert' })),
    ...DEMO_COURSES.map((c): CatalogueChangeInput => ({ entity: 'course', entityId: c.id, action: 'upsert' })),
    ...DEMO_COURSES.flatMap((c) => c.tiers.map((t): CatalogueChangeInput => ({ entity: 'pricing_tier', entityId: t.id, action: 'upsert' }))),
  ];

  await knex.transaction(async (trx) => {
    await upsertById(trx, 'instructors', instructors);
    await upsertById(trx, 'courses', courses);
    await upsertById(trx, 'pricing_tiers', tiers);
    await recordCatalogueChanges(trx, changes, now);
  });

  return { instructors: instructors.length, courses: courses.length, pricingTiers: tiers.length };
}

/** Seeds the demo catalogue only into a database without any course. Returns whether it seeded. */
export async function seedDemoCatalogueIfEmpty(knex: Knex, options: SeedDemoCatalogueOptions = {}): Promise<boolean> {
  const any = await knex('courses').first('id');
  if (any) return false;
  await seedDemoCatalogue(knex, options);
  return true;
}
