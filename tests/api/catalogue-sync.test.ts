import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueSyncSchema } from '@contracts/catalogue';
import { convertEndedLiveSeminars } from '../../api/services/courses/seminar-sweep';
import { createCourse, createInstructor, createPricingTier, deletePricingTier, updateCourse } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function sync(since?: string) {
  const { status, body } = await api.get(since === undefined ? '/api/sync/catalogue' : `/api/sync/catalogue?since=${since}`);
  expect(status).toBe(200);
  return catalogueSyncSchema.parse(body);
}

describe('GET /api/sync/catalogue', () => {
  it('sends everything without a cursor, then only what changed after it', async () => {
    const instructor = await createInstructor(db.knex);
    const kept = await createCourse(db.knex, { title: 'Kept', instructorId: instructor.id });
    const keptTier = await createPricingTier(db.knex, kept.id, { isDefault: true });
    await createCourse(db.knex, { title: 'Hidden', isActive: false });

    const full = await sync();
    expect(full.full).toBe(true);
    expect(full.courses.map((c) => c.title)).toEqual(['Kept']);
    expect(full.pricingTiers.map((t) => t.id)).toEqual([keptTier.id]);
    expect(full.instructors.map((i) => i.id)).toContain(instructor.id);

    const nothing = await sync(full.cursor);
    expect(nothing).toMatchObject({ full: false, cursor: full.cursor, courses: [], pricingTiers: [], instructors: [] });

    const added = await createCourse(db.knex, { title: 'Added later' });
    await updateCourse(db.knex, kept.id, { title: 'Kept, renamed' });
    const delta = await sync(full.cursor);
    expect(delta.full).toBe(false);
    expect(Number(delta.cursor)).toBeGreaterThan(Number(full.cursor));
    expect(delta.courses.map((c) => c.title).sort()).toEqual(['Added later', 'Kept, renamed']);
    // A changed course brings its tiers along.
    expect(delta.pricingTiers.map((t) => t.id)).toEqual([keptTier.id]);
    expect(delta.courses.find((c) => c.id === added.id)).toBeDefined();
  });

  it('reports deactivated courses and deleted tiers as removed', async () => {
    const course = await createCourse(db.knex, { title: 'Soon retired' });
    const other = await createCourse(db.knex, { title: 'Loses a tier' });
    const tier = await createPricingTier(db.knex, other.id);
    const { cursor } = await sync();

    await updateCourse(db.knex, course.id, { is_active: false });
    await deletePricingTier(db.knex, tier.id);
    const delta = await sync(cursor);
    expect(delta.removed.courses).toEqual([course.id]);
    expect(delta.removed.pricingTiers).toEqual([tier.id]);
    expect(delta.courses.map((c) => c.id)).not.toContain(course.id);
  });

  it('answers a full snapshot for a cursor the server never handed out', async () => {
    const result = await sync('999999999');
    expect(result.full).toBe(true);
  });

  it('rejects a malformed cursor with a 400 naming it', async () => {
    for (const bad of ['abc', '-1', '1.5', '']) {
      const { status, body } = await api.get(`/api/sync/catalogue?since=${bad}`);
      expect(status).toBe(400);
      expect(body.message).toMatch(/since/);
    }
    expect((await api.get('/api/sync/catalogue?after=3')).status).toBe(400);
  });
});

describe('live seminar sweep', () => {
  it('serves an ended live seminar as a recorded seminar, once, and tells sync about it', async () => {
    const now = new Date('2030-01-15T12:00:00.000Z');
    const ended = await createCourse(db.knex, {
      title: 'Ended seminar',
      type: 'live_seminar',
      startDate: '2030-01-10T14:00:00.000Z',
      endDate: '2030-01-11T22:00:00.000Z',
    });
    const upcoming = await createCourse(db.knex, {
      title: 'Upcoming seminar',
      type: 'live_seminar',
      startDate: '2030-02-10T14:00:00.000Z',
      endDate: '2030-02-11T22:00:00.000Z',
    });
    const { cursor } = await sync();

    const converted = await convertEndedLiveSeminars(db.knex, now);
    expect(converted).toContain(ended.id);
    expect(converted).not.toContain(upcoming.id);
    expect((await api.get(`/api/courses/${ended.id}`)).body.type).toBe('recorded_seminar');
    expect((await api.get(`/api/courses/${upcoming.id}`)).body.type).toBe('live_seminar');
    expect((await api.get('/api/courses?type=recorded_seminar')).body.map((c: { id: string }) => c.id)).toContain(ended.id);

    const delta = await sync(cursor);
    expect(delta.courses.find((c) => c.id === ended.id)?.type).toBe('recorded_seminar');

    // Idempotent: a second run changes nothing and records nothing.
    expect(await convertEndedLiveSeminars(db.knex, now)).toEqual([]);
    const after = await sync(delta.cursor);
    expect(after.courses).toEqual([]);
  });
});
