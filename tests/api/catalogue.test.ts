import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSchema, instructorSchema, pricingTierSchema } from '@contracts/catalogue';
import { createCourse, createInstructor, createPricingTier } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  const instructor = await createInstructor(db.knex, { name: 'Dr. Helena Marsh', expertise: ['GMP', 'Validation'] });
  ids.instructor = instructor.id;
  ids.lateWebinar = (
    await createCourse(db.knex, { title: 'Late Webinar', type: 'live_webinar', startDate: '2027-05-01T15:00:00.000Z', instructorId: instructor.id })
  ).id;
  ids.earlyWebinar = (
    await createCourse(db.knex, { title: 'Early Webinar', type: 'live_webinar', startDate: '2027-01-10T15:00:00.000Z', code: 'EARLY100', priceCents: 129900 })
  ).id;
  ids.undated = (await createCourse(db.knex, { title: 'Undated Recording', type: 'recorded_webinar', startDate: null })).id;
  ids.seminar = (
    await createCourse(db.knex, {
      title: 'Validation Master Class',
      type: 'live_seminar',
      category: 'Quality & Compliance',
      startDate: '2027-03-01T14:00:00.000Z',
      endDate: '2027-03-02T22:00:00.000Z',
      location: 'Boston, MA',
      maxParticipants: 40,
      currentParticipants: 12,
      description: '<p>Covers the <strong>CAPA</strong> lifecycle and 100% data integrity.</p>',
    })
  ).id;
  ids.pack = (await createCourse(db.knex, { title: 'Data Integrity Pack', type: 'webinar', category: 'pack', startDate: '2027-02-01T15:00:00.000Z' })).id;
  ids.recordedSeminar = (await createCourse(db.knex, { title: 'Recorded GCP Seminar', type: 'recorded_seminar', startDate: '2025-02-01T15:00:00.000Z' })).id;
  ids.inactive = (await createCourse(db.knex, { title: 'Retired Course', type: 'live_webinar', isActive: false, startDate: '2026-12-01T15:00:00.000Z' })).id;
  await createPricingTier(db.knex, ids.seminar, { name: 'Team', priceCents: 450000, tierLevel: 2, sortOrder: 2 });
  await createPricingTier(db.knex, ids.seminar, { name: 'Single', priceCents: 149900, tierLevel: 1, sortOrder: 1, isDefault: true });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('GET /api/courses', () => {
  it('lists only active courses, sorted by start date ascending with undated last', async () => {
    const { status, body } = await api.get('/api/courses');
    expect(status).toBe(200);
    expect(body.map((c: { title: string }) => c.title)).toEqual([
      'Recorded GCP Seminar',
      'Early Webinar',
      'Data Integrity Pack',
      'Validation Master Class',
      'Late Webinar',
      'Undated Recording',
    ]);
    for (const course of body) expect(() => courseSchema.parse(course)).not.toThrow();
  });

  it('sends money as a decimal string and the instructor both as object and as fields', async () => {
    const { body } = await api.get('/api/courses?type=live_webinar');
    const early = body.find((c: { id: string }) => c.id === ids.earlyWebinar);
    expect(early.price).toBe('1299.00');
    const late = body.find((c: { id: string }) => c.id === ids.lateWebinar);
    expect(late.instructor).toMatchObject({ id: ids.instructor, name: 'Dr. Helena Marsh' });
    expect(late.instructorName).toBe('Dr. Helena Marsh');
  });

  it('filters by one type and by a comma list of types', async () => {
    const one = await api.get('/api/courses?type=live_webinar');
    expect(one.body.map((c: { title: string }) => c.title)).toEqual(['Early Webinar', 'Late Webinar']);
    const several = await api.get('/api/courses?type=recorded_webinar,recorded_seminar');
    expect(several.body.map((c: { title: string }) => c.title).sort()).toEqual(['Recorded GCP Seminar', 'Undated Recording']);
  });

  it('finds webinar packs with type=webinar&category=pack', async () => {
    const { body } = await api.get('/api/courses?type=webinar&category=pack');
    expect(body.map((c: { id: string }) => c.id)).toEqual([ids.pack]);
  });

  it('searches title, description and code case-insensitively', async () => {
    expect((await api.get('/api/courses?search=validation%20MASTER')).body.map((c: { id: string }) => c.id)).toEqual([ids.seminar]);
    expect((await api.get('/api/courses?search=capa')).body.map((c: { id: string }) => c.id)).toEqual([ids.seminar]);
    expect((await api.get('/api/courses?search=early1')).body.map((c: { id: string }) => c.id)).toEqual([ids.earlyWebinar]);
    expect((await api.get('/api/courses?search=retired')).body).toEqual([]);
  });

  it('takes LIKE wildcards in a search literally', async () => {
    expect((await api.get('/api/courses?search=100%25')).body.map((c: { id: string }) => c.id)).toEqual([ids.seminar]);
    expect((await api.get('/api/courses?search=%25%25%25')).body).toEqual([]);
    expect((await api.get('/api/courses?search=_')).body).toEqual([]);
  });

  it('rejects an unknown type with a 400 naming the parameter', async () => {
    const { status, body } = await api.get('/api/courses?type=live_webinar,cooking_class');
    expect(status).toBe(400);
    expect(body.message).toMatch(/type/);
    expect(body.message).toMatch(/cooking_class/);
  });

  it('rejects unknown, repeated and empty parameters', async () => {
    expect((await api.get('/api/courses?colour=blue')).status).toBe(400);
    expect((await api.get('/api/courses?colour=blue')).body.message).toMatch(/colour/);
    const repeated = await api.get('/api/courses?type=live_webinar&type=webinar');
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toMatch(/type/);
    expect((await api.get('/api/courses?type=')).status).toBe(400);
    expect((await api.get(`/api/courses?search=${'x'.repeat(201)}`)).status).toBe(400);
  });
});

describe('GET /api/courses/:id', () => {
  it('answers one course with every field', async () => {
    const { status, body } = await api.get(`/api/courses/${ids.seminar}`);
    expect(status).toBe(200);
    const course = courseSchema.parse(body);
    expect(course).toMatchObject({
      type: 'live_seminar',
      location: 'Boston, MA',
      maxParticipants: 40,
      currentParticipants: 12,
      tags: ['Outcome one', 'Outcome two'],
    });
  });

  it('answers 404 with a message for a missing, malformed or inactive id', async () => {
    for (const id of ['9b2f4b5e-0000-4000-8000-000000000000', 'not-a-uuid', ids.inactive]) {
      const { status, body } = await api.get(`/api/courses/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Course not found' });
    }
  });
});

describe('GET /api/courses/:id/pricing-tiers', () => {
  it('lists the tiers in sort order with decimal prices', async () => {
    const { status, body } = await api.get(`/api/courses/${ids.seminar}/pricing-tiers`);
    expect(status).toBe(200);
    expect(body.map((t: { name: string }) => t.name)).toEqual(['Single', 'Team']);
    const single = pricingTierSchema.parse(body[0]);
    expect(single).toMatchObject({ price: '1499.00', isDefault: true, tierLevel: 1, features: ['Live access', 'Certificate'] });
  });

  it('answers an empty list for a course without tiers and 404 for an unknown course', async () => {
    expect((await api.get(`/api/courses/${ids.pack}/pricing-tiers`)).body).toEqual([]);
    expect((await api.get('/api/courses/nope/pricing-tiers')).status).toBe(404);
  });
});

describe('GET /api/instructors', () => {
  it('lists instructors with expertise as a list', async () => {
    const { status, body } = await api.get('/api/instructors');
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(instructorSchema.parse(body[0])).toMatchObject({ name: 'Dr. Helena Marsh', expertise: ['GMP', 'Validation'] });
  });
});

describe('unknown API paths', () => {
  it('answer JSON 404', async () => {
    const { status, body, headers } = await api.get('/api/nothing-here');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    expect(body.message).toMatch(/\/api\/nothing-here/);
  });
});
