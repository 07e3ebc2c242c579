/**
 * Back-office catalogue writes (back-office spec §3, §5, §7, §9): validation per kind with the
 * spec's messages, defaults, sanitizing, unique and fixed codes, versions (If-Match), idempotent
 * replays, archive instead of delete, the one default tier, the delta sync and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '@db/models';
import { createCourse, createInstructor, createOrder, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const auth: Record<'admin' | 'contributor' | 'customer', Record<string, string>> = { admin: {}, contributor: {}, customer: {} };
let instructorId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  for (const role of ['admin', 'contributor', 'customer'] as const) {
    const user = await createUser(db.knex, { role });
    auth[role] = { Authorization: `Bearer ${await createSession(db.knex, user.id)}` };
  }
  instructorId = (await createInstructor(db.knex, { name: 'Dr. Pack Lead' })).id;
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const WEBINAR = {
  title: 'GMP Basics',
  shortDescription: 'The essentials.',
  instructorName: 'Dr. Ada Lane',
  type: 'live_webinar',
  price: '0',
  startDate: '2027-03-01T15:00:00.000Z',
};
const post = (body: unknown, headers = auth.admin) => api.request('POST', '/api/courses', body, headers);
const put = (id: string, body: unknown, headers: Record<string, string> = auth.admin) => api.request('PUT', `/api/courses/${id}`, body, headers);
const cursor = async () => (await api.get('/api/sync/catalogue')).body.cursor as string;

describe('who may write', () => {
  it('staff only: 401 anonymous, 403 customer, 201 contributor and admin', async () => {
    expect((await post(WEBINAR, {})).status).toBe(401);
    expect((await post(WEBINAR, auth.customer)).status).toBe(403);
    expect((await post({ ...WEBINAR, title: 'By a contributor' }, auth.contributor)).status).toBe(201);
    expect((await post({ ...WEBINAR, title: 'By an admin' })).status).toBe(201);
  });

  it('lists inactive courses only for staff (status=all)', async () => {
    const hidden = await createCourse(db.knex, { title: 'Hidden draft', isActive: false });
    expect((await api.get('/api/courses?status=all')).status).toBe(401);
    expect((await api.get('/api/courses?status=all', auth.customer)).status).toBe(403);
    const all = await api.get('/api/courses?status=all', auth.contributor);
    expect(all.body.map((c: { id: string }) => c.id)).toContain(hidden.id);
    expect((await api.get('/api/courses')).body.map((c: { id: string }) => c.id)).not.toContain(hidden.id);
  });
});

describe('staff reads of one course', () => {
  it('read an inactive course and its tiers with status=all (staff only, never stored by shared caches)', async () => {
    const hidden = await createCourse(db.knex, { title: 'Inactive draft', isActive: false });
    expect((await api.get(`/api/courses/${hidden.id}`)).status).toBe(404);
    expect((await api.get(`/api/courses/${hidden.id}?status=all`)).status).toBe(401);
    expect((await api.get(`/api/courses/${hidden.id}?status=all`, auth.customer)).status).toBe(403);
    const read = await api.get(`/api/courses/${hidden.id}?status=all`, auth.contributor);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: hidden.id, title: 'Inactive draft', isActive: false });
    expect(read.headers.get('cache-control')).toBe('private, no-cache');
    const tiers = await api.get(`/api/courses/${hidden.id}/pricing-tiers?status=all`, auth.admin);
    expect(tiers.status).toBe(200);
    expect(tiers.body).toEqual([]);
    expect((await api.get(`/api/courses/${hidden.id}?status=draft`, auth.admin)).status).toBe(400);
    expect((await api.get(`/api/courses/${hidden.id}?other=1`, auth.admin)).status).toBe(400);
  });

  it('suggest a generated code nobody has (LIVE or SEM + year + 3 characters)', async () => {
    const year = new Date().getUTCFullYear();
    const live = await api.get('/api/admin/course-code?prefix=LIVE', auth.contributor);
    expect(live.status).toBe(200);
    expect(live.body.code).toMatch(new RegExp(`^LIVE${year}[A-Z0-9]{3}$`));
    expect((await api.get('/api/admin/course-code?prefix=SEM', auth.admin)).body.code).toMatch(new RegExp(`^SEM${year}[A-Z0-9]{3}$`));
    expect((await api.get('/api/admin/course-code?prefix=XYZ', auth.admin)).status).toBe(400);
    expect((await api.get('/api/admin/course-code?prefix=LIVE', auth.customer)).status).toBe(403);
  });
});

describe('validation, per kind, with the spec messages', () => {
  it.each([
    [{ ...WEBINAR, title: '  ' }, 'Title is required'],
    [{ ...WEBINAR, shortDescription: '' }, 'Short description is required'],
    [{ ...WEBINAR, instructorName: null }, 'Instructor name is required'],
    [{ ...WEBINAR, type: 'live_seminar', location: '' }, 'Location is required'],
    [{ ...WEBINAR, type: 'live_seminar', location: 'Boston, MA', startDate: null }, 'Start date is required'],
    [{ ...WEBINAR, startDate: null }, 'Start date is required'],
    [{ ...WEBINAR, type: 'recorded_seminar', location: '' }, 'Location is required'],
    [{ title: 'A pack', type: 'webinar', category: 'pack', price: '99.00' }, 'Course code is required'],
    [{ title: 'A pack', type: 'webinar', category: 'pack', code: 'PACK-1', price: '', instructorId }, 'Price is required'],
    [{ title: 'A pack', type: 'webinar', category: 'pack', code: 'PACK-1', price: '99.00' }, 'Instructor is required'],
    [{ ...WEBINAR, price: '12.345' }, 'Price must be a number of at least 0 with at most 2 decimals'],
    [{ ...WEBINAR, price: '-1' }, 'Price must be a number of at least 0 with at most 2 decimals'],
    [{ ...WEBINAR, duration: 12.5 }, 'Duration must be a whole number of minutes from 1 to 100,000'],
    [{ ...WEBINAR, duration: 0 }, 'Duration must be a whole number of minutes from 1 to 100,000'],
    [{ ...WEBINAR, duration: 100_001 }, 'Duration must be a whole number of minutes from 1 to 100,000'],
    [{ ...WEBINAR, duration: '90' }, 'Duration must be a whole number of minutes from 1 to 100,000'],
    [{ ...WEBINAR, maxParticipants: 0 }, 'Capacity must be a whole number from 1 to 100,000'],
    [{ ...WEBINAR, maxParticipants: 100_001 }, 'Capacity must be a whole number from 1 to 100,000'],
    [{ ...WEBINAR, maxParticipants: 2.5 }, 'Capacity must be a whole number from 1 to 100,000'],
    [{ ...WEBINAR, image: 'https://evil.example/x.png' }, 'Image must be an uploaded image (/objects/uploads/…) or one of the catalogue images (/images/…)'],
    [{ ...WEBINAR, endDate: '2027-02-01T15:00:00.000Z' }, 'The end date must be after the start date'],
  ])('%# refuses with its message and writes nothing', async (body, message) => {
    const before = (await db.knex('courses').count({ n: '*' }).first())!.n;
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await db.knex('courses').count({ n: '*' }).first())!.n).toBe(before);
  });
});

describe('creating', () => {
  it('fills the spec defaults and a generated code, and sanitizes rich text', async () => {
    const seminar = await post({
      title: 'Validation Summit',
      shortDescription: 'Two days.',
      instructorName: 'Dr. Lee',
      type: 'live_seminar',
      location: 'Boston, MA',
      startDate: '2027-03-01T14:00:00.000Z',
      description: '<p onclick="x()">Hi<script>alert(1)</script></p>',
    });
    expect(seminar.status).toBe(201);
    expect(seminar.body).toMatchObject({
      duration: 480,
      maxParticipants: 50,
      timezone: 'US/Eastern',
      endDate: '2027-03-01T22:00:00.000Z',
      price: '0.00',
      version: 1,
    });
    expect(seminar.body.code).toMatch(new RegExp(`^SEM${new Date().getUTCFullYear()}[A-Z0-9]{3}$`));
    expect(seminar.body.description).toBe('<p>Hi</p>');
    const webinar = await post({ ...WEBINAR, title: 'Defaults webinar' });
    expect(webinar.body).toMatchObject({ duration: 90, maxParticipants: null, timezone: 'US/Eastern' });
    expect(webinar.body.code).toMatch(/^LIVE\d{4}[A-Z0-9]{3}$/);
    // The storefront shows it at once.
    expect((await api.get(`/api/courses/${webinar.body.id}`)).body.title).toBe('Defaults webinar');
  });

  it('keeps codes unique and fixed', async () => {
    const first = await post({ ...WEBINAR, code: 'UNIQ-1' });
    expect((await post({ ...WEBINAR, code: 'UNIQ-1' })).body).toEqual({ message: 'Course code already exists' });
    const changed = await put(first.body.id, { code: 'UNIQ-2' });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe('The course code cannot be changed after the course is created');
    expect((await put(first.body.id, { code: 'UNIQ-1', title: 'Same code is fine' })).status).toBe(200);
  });
});

describe('versions', () => {
  // Issue 27 (14): a stale If-Match is 412 Precondition Failed (RFC 9110), no longer 409; a stale body `version` stays 409.
  it('of two writers from the same version one wins, the other gets 412 (If-Match) or 409 (body version) with the current copy', async () => {
    const course = (await post({ ...WEBINAR, title: 'Contested' })).body;
    const [a, b] = await Promise.all([
      put(course.id, { title: 'Writer A' }, { ...auth.admin, 'If-Match': '"1"' }),
      put(course.id, { title: 'Writer B' }, { ...auth.contributor, 'If-Match': '"1"' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const loser = a.status === 412 ? a : b;
    const winner = a.status === 200 ? a : b;
    expect(loser.body.current).toMatchObject({ id: course.id, title: winner.body.title, version: 2 });
    expect((await put(course.id, { title: 'Stale body', version: 1 })).status).toBe(409);
    // Without a version: last write wins (the spec's own client).
    expect((await put(course.id, { title: 'Last write' })).body).toMatchObject({ title: 'Last write', version: 3 });
    expect((await api.request('PUT', `/api/courses/${course.id}`, { title: 'x' }, { ...auth.admin, 'If-Match': 'nonsense' })).status).toBe(400);
  });
});

describe('Idempotency-Key', () => {
  it('the same POST 5 times at once makes one course, and every answer is the same', async () => {
    const headers = { ...auth.admin, 'Idempotency-Key': 'create-once-1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post({ ...WEBINAR, title: 'Exactly once' }, headers)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await db.knex('courses').where({ title: 'Exactly once' }).count({ n: '*' }).first())!.n).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    const other = await post({ ...WEBINAR, title: 'Something else' }, headers);
    expect(other.status).toBe(422);
  });
});

describe('deleting', () => {
  it('removes a course nobody bought, and the sync reports it removed', async () => {
    const course = (await post({ ...WEBINAR, title: 'Short lived' })).body;
    await api.request('POST', `/api/courses/${course.id}/pricing-tier`, { name: 'Single', price: '10' }, auth.admin);
    const since = await cursor();
    const deleted = await api.request('DELETE', `/api/courses/${course.id}`, undefined, auth.contributor);
    expect(deleted.body).toMatchObject({ archived: false });
    expect((await api.get(`/api/courses/${course.id}`)).status).toBe(404);
    const delta = (await api.get(`/api/sync/catalogue?since=${since}`)).body;
    expect(delta.removed.courses).toContain(course.id);
    expect(delta.removed.pricingTiers).toHaveLength(1);
  });

  it('archives a course with orders: gone from the storefront and the admin lists, the order intact', async () => {
    const course = (await post({ ...WEBINAR, title: 'Has buyers' })).body;
    const buyer = await createUser(db.knex, { role: 'customer' });
    const orderId = await createOrder(db.knex, { userId: buyer.id, items: [{ courseId: course.id, title: 'Has buyers', priceCents: 1000 }] });
    const since = await cursor();
    const response = await api.request('DELETE', `/api/courses/${course.id}`, undefined, auth.admin);
    expect(response.body).toMatchObject({ archived: true });
    expect((await api.get(`/api/courses/${course.id}`)).status).toBe(404);
    expect((await api.get('/api/courses?status=all', auth.admin)).body.map((c: { id: string }) => c.id)).not.toContain(course.id);
    expect((await db.knex('order_items').where({ order_id: orderId }).first()).course_id).toBe(course.id);
    expect((await api.get(`/api/sync/catalogue?since=${since}`)).body.removed.courses).toContain(course.id);
    expect((await put(course.id, { title: 'Back?' })).status).toBe(404);
  });
});

describe('pricing tiers', () => {
  it('keeps at most one default, hands it on when the default goes, and validates', async () => {
    const course = (await post({ ...WEBINAR, title: 'Tiered' })).body;
    const tier = (body: unknown) => api.request('POST', `/api/courses/${course.id}/pricing-tier`, body, auth.contributor);
    expect((await tier({ price: '10' })).body.message).toBe('Name is required');
    expect((await tier({ name: 'Single' })).body.message).toBe('Price is required');
    const single = (await tier({ name: 'Single', price: '199' })).body;
    const team = (await tier({ name: 'Team', price: '499.5' })).body;
    expect(single).toMatchObject({ isDefault: true, sortOrder: 1, price: '199.00' });
    expect(team).toMatchObject({ isDefault: false, sortOrder: 2, price: '499.50' });
    await api.request('PUT', `/api/pricing-tiers/${team.id}`, { isDefault: true }, auth.admin);
    const listed = async () => (await api.get(`/api/courses/${course.id}/pricing-tiers`)).body as Array<{ id: string; isDefault: boolean }>;
    expect((await listed()).filter((t) => t.isDefault).map((t) => t.id)).toEqual([team.id]);
    await api.request('DELETE', `/api/pricing-tiers/${team.id}`, undefined, auth.admin);
    expect((await listed()).map((t) => [t.id, t.isDefault])).toEqual([[single.id, true]]);
    expect((await api.get(`/api/courses/${course.id}`)).body.version).toBe(5);
    expect((await api.request('PUT', `/api/pricing-tiers/${single.id}`, { price: 'ten' }, auth.admin)).status).toBe(400);
    expect((await api.request('DELETE', '/api/pricing-tiers/00000000-0000-4000-8000-000000000000', undefined, auth.admin)).status).toBe(404);
  });
});

describe('duplicating', () => {
  it('copies a seminar as "(Copy)" at price 0 with a free -COPY code and no tiers', async () => {
    const seminar = (
      await post({
        title: 'Audit Bootcamp',
        code: 'SEM-AB',
        shortDescription: 'Two days.',
        instructorName: 'Dr. Lee',
        type: 'live_seminar',
        location: 'Boston, MA',
        startDate: '2027-04-01T13:00:00.000Z',
        price: '1500',
      })
    ).body;
    await api.request('POST', `/api/courses/${seminar.id}/pricing-tier`, { name: 'Single', price: '10' }, auth.admin);
    const copy = await api.request('POST', `/api/courses/${seminar.id}/duplicate`, undefined, auth.contributor);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      title: 'Audit Bootcamp (Copy)',
      code: 'SEM-AB-COPY',
      price: '0.00',
      type: 'live_seminar',
      location: 'Boston, MA',
      startDate: seminar.startDate,
      instructorName: 'Dr. Lee',
    });
    expect((await api.get(`/api/courses/${copy.body.id}/pricing-tiers`)).body).toEqual([]);
    expect((await api.request('POST', `/api/courses/${seminar.id}/duplicate`, undefined, auth.admin)).body.code).toBe('SEM-AB-COPY-2');
    const webinarCopy = (await api.request('POST', `/api/courses/${copy.body.id}/duplicate`, undefined, auth.admin)).body;
    expect(webinarCopy.title).toBe('Audit Bootcamp (Copy) (Copy)');
  });
});

describe('instructors', () => {
  it('are created, renamed (their courses follow in the sync) and deleted only when unused', async () => {
    const created = await api.request('POST', '/api/instructors', { name: 'Dr. New Face', bio: '<p>Bio<script>x</script></p>' }, auth.contributor);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Dr. New Face', bio: '<p>Bio</p>', expertise: [] });
    expect((await api.request('POST', '/api/instructors', { name: ' ' }, auth.admin)).body.message).toBe('Name is required');
    const pack = (await post({ title: 'Pack by New Face', type: 'webinar', category: 'pack', code: 'PACK-NF', price: '299', instructorId: created.body.id }))
      .body;
    const since = await cursor();
    await api.request('PUT', `/api/instructors/${created.body.id}`, { name: 'Dr. Renamed' }, auth.admin);
    const delta = (await api.get(`/api/sync/catalogue?since=${since}`)).body;
    expect(delta.instructors.map((i: { name: string }) => i.name)).toEqual(['Dr. Renamed']);
    expect(delta.courses.find((c: { id: string }) => c.id === pack.id).instructor.name).toBe('Dr. Renamed');
    const refused = await api.request('DELETE', `/api/instructors/${created.body.id}`, undefined, auth.admin);
    expect(refused.status).toBe(409);
    await api.request('DELETE', `/api/courses/${pack.id}`, undefined, auth.admin);
    expect((await api.request('DELETE', `/api/instructors/${created.body.id}`, undefined, auth.admin)).status).toBe(200);
    expect((await api.get('/api/instructors')).body.map((i: { id: string }) => i.id)).not.toContain(created.body.id);
    expect((await api.request('POST', '/api/instructors', { name: 'X' }, auth.customer)).status).toBe(403);
  });
});

describe('audit log', () => {
  it('records who changed what, before and after, in the same transaction as the write', async () => {
    const course = (await post({ ...WEBINAR, title: 'Audited' }, auth.contributor)).body;
    await put(course.id, { title: 'Audited, renamed', duration: 120 }, auth.admin);
    const entries = await AuditEntry.query(db.knex).where('entity_id', course.id).orderBy('created_at');
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]!.changes).toEqual({ title: ['Audited', 'Audited, renamed'], duration: [90, 120] });
    expect(entries[1]!.summary).toBe('Updated live webinar “Audited, renamed”');
    const activity = await api.get('/api/admin/activity', auth.contributor);
    expect(activity.body[0]).toMatchObject({ entityId: course.id, action: 'create', summary: 'Created live webinar “Audited”' });
    expect(activity.body.every((e: { summary: string }) => !e.summary.includes('renamed'))).toBe(true);
    expect((await api.get('/api/admin/activity', auth.customer)).status).toBe(403);
  });
});

describe('ids named by the client (drafts made offline)', () => {
  it('a course, its tier and an instructor are created under the client’s UUIDs; a taken id is 409 and changes nothing', async () => {
    const courseId = crypto.randomUUID();
    const created = await post({ ...WEBINAR, id: courseId, title: 'Drafted offline' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: courseId, version: 1 });
    const again = await post({ ...WEBINAR, id: courseId, title: 'Someone else' });
    expect(again.status).toBe(409);
    expect((await db.knex('courses').where({ id: courseId }).first()).title).toBe('Drafted offline');

    const tierId = crypto.randomUUID();
    const tier = await api.request('POST', `/api/courses/${courseId}/pricing-tier`, { id: tierId, name: 'Standard', price: '99.00' }, auth.admin);
    expect(tier.status).toBe(201);
    // The answer says which version the course moved to, so queued edits continue from it.
    expect(tier.body).toMatchObject({ id: tierId, courseVersion: 2 });
    const renamed = await api.request('PUT', `/api/pricing-tiers/${tierId}`, { name: 'Standard seat', id: crypto.randomUUID() }, auth.admin);
    expect(renamed.body).toMatchObject({ id: tierId, name: 'Standard seat', courseVersion: 3 });
    expect((await api.request('DELETE', `/api/pricing-tiers/${tierId}`, undefined, auth.admin)).body).toMatchObject({ courseVersion: 4 });
    expect((await put(courseId, { ...WEBINAR, title: 'Drafted offline, edited', version: 4, id: crypto.randomUUID() })).body).toMatchObject({
      id: courseId,
      version: 5,
    });

    const instructorId = crypto.randomUUID();
    expect((await api.request('POST', '/api/instructors', { id: instructorId, name: 'Dr. Offline' }, auth.admin)).body).toMatchObject({ id: instructorId });
    expect((await api.request('POST', '/api/instructors', { id: instructorId, name: 'Dr. Twice' }, auth.admin)).status).toBe(409);
    expect((await post({ ...WEBINAR, id: 'not-a-uuid' })).status).toBe(400);
  });
});
