import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../knex';
// A fresh migrated database: a temporary SQLite file, or a new MySQL database under TEST_MYSQL_URL.
import { createTestDatabase, type TestDatabase } from '../../tests/api/support/test-database';
import { seedDemoCatalogue, seedDemoCatalogueIfEmpty, resolveSchedule } from './demo-catalogue';
import { zonedTimeToUtc } from '@contracts/time-zones';
import { DEMO_COURSES } from './demo-catalogue-data';
// Cross-checks only: the seed itself does not depend on api/.
import { COURSE_TYPES, TIME_ZONES } from '@contracts/catalogue';
import { sanitizeRichText } from '../../api/lib/sanitize-html';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '..', '..', 'pwa', 'public');
const NOW = new Date('2026-03-10T12:00:00.000Z');

interface CourseRow {
  id: string;
  code: string;
  type: string;
  category: string | null;
  price_cents: number;
  description: string | null;
  image: string | null;
  instructor_image: string | null;
  start_date: string | null;
  end_date: string | null;
  timezone: string | null;
  duration: number | null;
  max_participants: number | null;
  current_participants: number;
  tags: string;
  is_active: number | boolean;
  instructor_id: string | null;
  instructor_name: string | null;
}

interface TierRow {
  id: string;
  course_id: string;
  price_cents: number;
  is_default: number | boolean;
  tier_level: number;
  sort_order: number;
  features: string;
}

async function counts(db: Database) {
  const count = async (table: string) => Number((await db.knex(table).count({ n: '*' }).first())!.n);
  return {
    instructors: await count('instructors'),
    courses: await count('courses'),
    tiers: await count('pricing_tiers'),
  };
}

describe('demo catalogue seed', () => {
  let db: TestDatabase;
  let firstCounts: Awaited<ReturnType<typeof counts>>;
  let courses: CourseRow[];
  let tiers: TierRow[];

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemoCatalogue(db.knex, { now: NOW, sanitize: sanitizeRichText });
    firstCounts = await counts(db);
    await seedDemoCatalogue(db.knex, { now: new Date(NOW.getTime() + 3_600_000), sanitize: sanitizeRichText });
    courses = await db.knex('courses').select();
    tiers = await db.knex('pricing_tiers').select();
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('is idempotent: a second run adds no rows', async () => {
    expect(await counts(db)).toEqual(firstCounts);
  });

  it('seeds at least 8 instructors and 40 courses', () => {
    expect(firstCounts.instructors).toBeGreaterThanOrEqual(8);
    expect(firstCounts.courses).toBeGreaterThanOrEqual(40);
    expect(firstCounts.tiers).toBeGreaterThan(0);
  });

  it('covers every course type, including webinar packs', () => {
    const types = new Set(courses.map((c) => c.type));
    for (const type of ['live_seminar', 'live_webinar', 'recorded_webinar', 'recorded_seminar', 'webinar']) expect(types).toContain(type);
    for (const type of types) expect(COURSE_TYPES).toContain(type);
    const packs = courses.filter((c) => c.type === 'webinar' && c.category === 'pack');
    expect(packs.length).toBeGreaterThanOrEqual(4);
    expect(courses.filter((c) => c.type === 'webinar' && c.category !== 'pack').length).toBeGreaterThan(0);
  });

  it('has past and future sessions and some undated courses', () => {
    const now = NOW.toISOString();
    const dated = courses.filter((c) => c.start_date !== null);
    expect(dated.some((c) => c.start_date! < now)).toBe(true);
    expect(dated.some((c) => c.start_date! > now)).toBe(true);
    expect(courses.filter((c) => c.start_date === null).length).toBeGreaterThanOrEqual(3);
    const seminars = courses.filter((c) => c.type === 'live_seminar');
    expect(seminars.some((c) => c.end_date! < now)).toBe(true);
    expect(seminars.some((c) => c.start_date! > now)).toBe(true);
    for (const c of dated) {
      expect(c.start_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(c.end_date! > c.start_date!).toBe(true);
    }
  });

  it('uses all eight time zones of the contract', () => {
    const used = new Set(courses.map((c) => c.timezone).filter(Boolean));
    for (const zone of TIME_ZONES) expect(used).toContain(zone);
    for (const zone of used) expect(TIME_ZONES).toContain(zone);
  });

  it('keeps durations and capacities plausible', () => {
    for (const c of courses) {
      if (c.type === 'live_webinar') {
        expect(c.duration).toBeGreaterThanOrEqual(60);
        expect(c.duration).toBeLessThanOrEqual(120);
      }
      if (c.type === 'live_seminar') expect(c.duration! % 480).toBe(0);
      if (c.max_participants !== null) expect(c.current_participants).toBeLessThan(c.max_participants);
      const tags = JSON.parse(c.tags) as string[];
      expect(tags.length).toBeGreaterThanOrEqual(3);
      expect(tags.length).toBeLessThanOrEqual(6);
    }
    expect(courses.some((c) => c.max_participants === null)).toBe(true);
    expect(courses.filter((c) => !c.is_active).length).toBe(1);
    expect(courses.filter((c) => c.instructor_id === null && c.instructor_name).length).toBeGreaterThanOrEqual(2);
  });

  it('populates every price band of the listings', () => {
    const dollars = courses.map((c) => c.price_cents / 100);
    const packs = courses.filter((c) => c.category === 'pack').map((c) => c.price_cents / 100);
    expect(dollars.some((d) => d < 100)).toBe(true);
    expect(dollars.some((d) => d >= 100 && d <= 500)).toBe(true);
    expect(dollars.some((d) => d > 500 && d <= 1000)).toBe(true);
    expect(dollars.some((d) => d > 1000)).toBe(true);
    expect(packs.some((d) => d < 200)).toBe(true);
    expect(packs.some((d) => d >= 200 && d <= 500)).toBe(true);
    expect(packs.some((d) => d > 500)).toBe(true);
  });

  it('gives every course with tiers exactly one default, levels ascending with price', () => {
    const byCourse = new Map<string, TierRow[]>();
    for (const tier of tiers) byCourse.set(tier.course_id, [...(byCourse.get(tier.course_id) ?? []), tier]);
    expect(byCourse.size).toBeGreaterThanOrEqual(30);
    for (const [courseId, list] of byCourse) {
      expect(list.length).toBeLessThanOrEqual(4);
      expect(list.filter((t) => Boolean(t.is_default)).length).toBe(1);
      const sorted = [...list].sort((a, b) => a.tier_level - b.tier_level);
      expect(sorted.map((t) => t.tier_level)).toEqual(sorted.map((_, i) => i + 1));
      expect(sorted.map((t) => t.sort_order)).toEqual(sorted.map((_, i) => i + 1));
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.price_cents).toBeGreaterThan(sorted[i - 1]!.price_cents);
      // The card shows the lowest-level tier's price in place of the course price: keep them equal.
      expect(sorted[0]!.price_cents).toBe(courses.find((c) => c.id === courseId)!.price_cents);
      for (const t of list) expect(Array.isArray(JSON.parse(t.features))).toBe(true);
    }
  });

  it('records the seeded entities in the catalogue change log', async () => {
    const rows: { entity: string; entity_id: string; seq: number }[] = await db.knex('catalogue_changes').select('entity', 'entity_id', 'seq');
    expect(rows.length).toBe((firstCounts.instructors + firstCounts.courses + firstCounts.tiers) * 2);
    expect(new Set(rows.map((r) => Number(r.seq))).size).toBe(2);
    const ids = new Set(rows.map((r) => r.entity_id));
    for (const c of courses) expect(ids).toContain(c.id);
    const state = await db.knex('catalogue_sync_state').where({ id: 1 }).first('last_seq');
    expect(Number(state.last_seq)).toBe(2);
  });

  it('stores HTML that survives the sanitizer unchanged', () => {
    for (const course of DEMO_COURSES) expect(sanitizeRichText(course.description)).toBe(course.description);
    for (const c of courses) expect(c.description).toBe(sanitizeRichText(c.description));
  });

  it('references image files that exist under pwa/public', async () => {
    const instructors: { image: string | null }[] = await db.knex('instructors').select('image');
    const images = [...courses.flatMap((c) => [c.image, c.instructor_image]), ...instructors.map((i) => i.image)].filter((i): i is string => Boolean(i));
    expect(images.length).toBeGreaterThan(40);
    for (const image of images) expect(fs.existsSync(path.join(PUBLIC_DIR, image)), image).toBe(true);
    expect(courses.filter((c) => c.image === null).length).toBe(2);
    for (const file of [
      'images/course-fallback.svg',
      'images/instructor-fallback.svg',
      'favicon.svg',
      'icons/icon-192.png',
      'icons/icon-512.png',
      'icons/maskable-512.png',
      'icons/apple-touch-icon.png',
    ]) {
      expect(fs.existsSync(path.join(PUBLIC_DIR, file)), file).toBe(true);
    }
  });

  it('does not seed again when courses exist', async () => {
    expect(await seedDemoCatalogueIfEmpty(db.knex)).toBe(false);
    expect(await counts(db)).toEqual(firstCounts);
  });
});

describe('seedDemoCatalogueIfEmpty', () => {
  it('seeds an empty database and reports it', async () => {
    const db = await createTestDatabase();
    try {
      expect(await seedDemoCatalogueIfEmpty(db.knex, { now: NOW })).toBe(true);
      expect(await seedDemoCatalogueIfEmpty(db.knex, { now: NOW })).toBe(false);
      expect(Number((await db.knex('courses').count({ n: '*' }).first())!.n)).toBe(DEMO_COURSES.length);
    } finally {
      await db.destroy();
    }
  });
});

describe('relative schedules', () => {
  it('places local start times in the course time zone, across daylight saving', () => {
    expect(zonedTimeToUtc(2026, 1, 15, 9, 0, 'US/Eastern').toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedTimeToUtc(2026, 7, 15, 9, 0, 'US/Eastern').toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(zonedTimeToUtc(2026, 1, 15, 9, 0, 'Australia/Sydney').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(zonedTimeToUtc(2026, 3, 29, 9, 0, 'Europe/Paris').toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('ends a multi-day seminar at 17:00 local on its last day', () => {
    const resolved = resolveSchedule(
      { type: 'live_seminar', duration: 960, timezone: 'US/Eastern', schedule: { startOffsetDays: 2, startTimeLocal: '09:00', days: 2 } },
      new Date('2026-03-06T15:00:00.000Z'),
    );
    // 2026-03-08 is the US spring-forward day: 09:00 EDT is 13:00Z; the next day ends 17:00 EDT.
    expect(resolved).toEqual({ startDate: '2026-03-08T13:00:00.000Z', endDate: '2026-03-09T21:00:00.000Z' });
  });

  it('ends a webinar after its duration', () => {
    const resolved = resolveSchedule(
      { type: 'live_webinar', duration: 90, timezone: 'Asia/Tokyo', schedule: { startOffsetDays: 0, startTimeLocal: '10:00' } },
      NOW,
    );
    expect(resolved).toEqual({ startDate: '2026-03-10T01:00:00.000Z', endDate: '2026-03-10T02:30:00.000Z' });
  });
});
