/**
 * The contributor form's permissions are enforced (issue 27, point 11; back-office spec §3): a
 * contributor without course-management cannot write courses or tiers, without
 * instructor-management cannot write instructors (403, nothing written), and with
 * order-management reads the orders, their figures, the CSV and the invoices. A change of
 * permissions holds from the next request; `/api/auth/me` says what the person may do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@contracts/access';
import { invoicePath } from '@contracts/document-paths';
import { createCourse, createInstructor, createOrder, createPricingTier, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  admin = await bearerFor((await createUser(db.knex, { role: 'admin' })).id);
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const bearerFor = async (userId: string) => ({ Authorization: `Bearer ${await createSession(db.knex, userId)}` });

/** A contributor made on the contributors screen with these permissions, signed in. */
async function contributorWith(permissions: Permission[]) {
  const n = Math.random().toString(36).slice(2, 8);
  const created = await api.request(
    'POST',
    '/api/admin/contributors',
    { name: `Con ${n}`, email: `con-${n}@lab.test`, role: 'contributor', permissions },
    admin,
  );
  expect(created.status).toBe(201);
  return { id: created.body.id as string, auth: await bearerFor(created.body.id) };
}

const WEBINAR = {
  title: 'Permissions Webinar',
  shortDescription: 'Who may write.',
  instructorName: 'Dr. Ada Lane',
  type: 'live_webinar',
  price: '10',
  startDate: '2027-03-01T15:00:00.000Z',
};
const count = async (table: string) => Number((await db.knex(table).count({ n: '*' }).first())!.n);

describe('course-management', () => {
  it('without it: 403 on every course and tier write, nothing written; with it: the writes succeed', async () => {
    const without = await contributorWith(['instructor-management', 'order-management']);
    const course = await createCourse(db.knex, { title: 'Existing course' });
    const tier = await createPricingTier(db.knex, course.id, { name: 'Team', priceCents: 10000 });
    const courses = await count('courses');
    const tiers = await count('pricing_tiers');
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/api/courses', WEBINAR],
      ['PUT', `/api/courses/${course.id}`, { title: 'Renamed' }],
      ['POST', `/api/courses/${course.id}/duplicate`, {}],
      ['DELETE', `/api/courses/${course.id}`, undefined],
      ['POST', `/api/courses/${course.id}/pricing-tier`, { name: 'Solo', price: '5.00' }],
      ['PUT', `/api/pricing-tiers/${tier.id}`, { name: 'Renamed tier', price: '7.00' }],
      ['DELETE', `/api/pricing-tiers/${tier.id}`, undefined],
      ['GET', '/api/admin/course-code?prefix=SEM', undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await api.request(method, path, body, without.auth);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.message).toBe('You do not have permission to do this.');
    }
    expect(await count('courses')).toBe(courses);
    expect(await count('pricing_tiers')).toBe(tiers);
    expect((await db.knex('courses').where({ id: course.id }).first()).title).toBe('Existing course');
    expect(await db.knex('audit_entries').where({ actor_id: without.id }).first()).toBeUndefined();

    const withIt = await contributorWith(['course-management']);
    const created = await api.request('POST', '/api/courses', WEBINAR, withIt.auth);
    expect(created.status).toBe(201);
    expect((await api.request('PUT', `/api/courses/${created.body.id}`, { title: 'Renamed by its writer' }, withIt.auth)).status).toBe(200);
    expect((await api.request('POST', `/api/courses/${created.body.id}/pricing-tier`, { name: 'Solo', price: '5.00' }, withIt.auth)).status).toBe(201);
    expect((await api.request('POST', `/api/courses/${created.body.id}/duplicate`, {}, withIt.auth)).status).toBe(201);
    expect((await api.get('/api/admin/course-code?prefix=SEM', withIt.auth)).status).toBe(200);
  });
});

describe('instructor-management', () => {
  it('without it: 403 on instructor writes, nothing written; with it: they succeed', async () => {
    const without = await contributorWith(['course-management']);
    const instructor = await createInstructor(db.knex, { name: 'Dr. Kept Name' });
    const instructors = await count('instructors');
    for (const [method, path, body] of [
      ['POST', '/api/instructors', { name: 'Dr. Not Allowed' }],
      ['PUT', `/api/instructors/${instructor.id}`, { name: 'Dr. Renamed' }],
      ['DELETE', `/api/instructors/${instructor.id}`, undefined],
    ] as const) {
      expect((await api.request(method, path, body, without.auth)).status, `${method} ${path}`).toBe(403);
    }
    expect(await count('instructors')).toBe(instructors);
    expect((await db.knex('instructors').where({ id: instructor.id }).first()).name).toBe('Dr. Kept Name');

    const withIt = await contributorWith(['instructor-management']);
    const created = await api.request('POST', '/api/instructors', { name: 'Dr. New Face' }, withIt.auth);
    expect(created.status).toBe(201);
    expect((await api.request('PUT', `/api/instructors/${created.body.id}`, { name: 'Dr. Newer Face' }, withIt.auth)).status).toBe(200);
    expect((await api.request('DELETE', `/api/instructors/${created.body.id}`, undefined, withIt.auth)).status).toBe(200);
    // Instructors only: no course writes.
    expect((await api.request('POST', '/api/courses', WEBINAR, withIt.auth)).status).toBe(403);
  });
});

describe('order-management', () => {
  it('opens the orders, their figures, the CSV and the invoices; without it all are refused', async () => {
    const buyer = await createUser(db.knex, { role: 'customer' });
    const course = await createCourse(db.knex, { title: 'Bought course' });
    const orderId = await createOrder(db.knex, {
      userId: buyer.id,
      email: buyer.email,
      items: [{ courseId: course.id, title: 'Bought course', priceCents: 1500 }],
    });
    const reads = ['/api/admin/orders', '/api/orders', '/api/admin/orders.csv', '/api/admin/stats'];

    const without = await contributorWith(['course-management', 'instructor-management']);
    for (const path of reads) expect((await api.get(path, without.auth)).status, path).toBe(403);
    // An invoice is not theirs: as if it did not exist.
    expect((await api.get(invoicePath(orderId), without.auth)).status).toBe(404);

    const withIt = await contributorWith(['order-management']);
    for (const path of reads) expect((await api.get(path, withIt.auth)).status, path).toBe(200);
    expect((await api.get(`/api/admin/orders?search=${orderId}`, withIt.auth)).body.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const invoice = await api.get(invoicePath(orderId), withIt.auth);
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    // People and messages stay the admins'.
    for (const path of ['/api/users', '/api/admin/messages', '/api/admin/contributor-stats']) expect((await api.get(path, withIt.auth)).status, path).toBe(403);
  });
});

describe('a change of permissions', () => {
  it('holds from the next request, with the same session, and /api/auth/me says what the person may do', async () => {
    const person = await contributorWith(['course-management']);
    expect((await api.get('/api/auth/me', person.auth)).body.permissions).toEqual(['course-management']);
    expect((await api.get('/api/admin/orders', person.auth)).status).toBe(403);

    const user = await db.knex('users').where({ id: person.id }).first();
    const edited = await api.request(
      'PUT',
      `/api/admin/contributors/${person.id}`,
      { name: user.name, email: user.email, role: 'contributor', permissions: ['order-management'] },
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.permissions).toEqual(['order-management']);
    expect((await api.get('/api/auth/me', person.auth)).body.permissions).toEqual(['order-management']);
    expect((await api.get('/api/admin/orders', person.auth)).status).toBe(200);
    expect((await api.request('POST', '/api/courses', WEBINAR, person.auth)).status).toBe(403);

    // Left out of an edit, they are kept.
    const kept = await api.request('PUT', `/api/admin/contributors/${person.id}`, { name: 'Renamed Con', email: user.email, role: 'contributor' }, admin);
    expect(kept.body.permissions).toEqual(['order-management']);
  });

  it('gives a contributor made without a choice the role’s default: courses and instructors, not orders', async () => {
    const n = Math.random().toString(36).slice(2, 8);
    const viaContributors = await api.request('POST', '/api/admin/contributors', { name: `Def ${n}`, email: `def-${n}@lab.test`, role: 'contributor' }, admin);
    const viaCustomers = await api.request('POST', '/api/admin/customers', { name: `Cus ${n}`, email: `cus-${n}@lab.test`, role: 'contributor' }, admin);
    for (const created of [viaContributors, viaCustomers]) {
      expect(created.status).toBe(201);
      expect(created.body.permissions).toEqual(['course-management', 'instructor-management']);
      const auth = await bearerFor(created.body.id);
      expect((await api.request('POST', '/api/instructors', { name: `Dr. ${n}` }, auth)).status).toBe(201);
      expect((await api.get('/api/admin/orders', auth)).status).toBe(403);
    }
    expect((await api.get('/api/auth/me', admin)).body.permissions).toEqual(['course-management', 'instructor-management', 'order-management']);
  });
});
