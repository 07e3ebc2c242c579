import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponseSchema } from '@contracts/auth';
import { createCourse, createOrder, createSession, createUser } from './support/factories';
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

describe('GET /api/profile', () => {
  it('answers the user, their orders (newest first, with lines) and enrollments', async () => {
    const user = await createUser(db.knex, { name: 'Pat Profile', membershipType: 'prime' });
    const other = await createUser(db.knex);
    const course = await createCourse(db.knex, { title: 'GMP Basics' });
    const older = await createOrder(db.knex, {
      userId: user.id,
      status: 'completed',
      createdAt: '2026-01-01T10:00:00.000Z',
      paymentIntentId: 'pi_123',
      items: [
        { courseId: course.id, title: 'GMP Basics - Single', priceCents: 49900, tierName: 'Single' },
        { courseId: course.id, title: 'Extra', priceCents: 50, quantity: 2 },
      ],
    });
    const newer = await createOrder(db.knex, {
      userId: user.id,
      status: 'refund_required',
      createdAt: '2026-02-01T10:00:00.000Z',
      items: [{ courseId: course.id, title: 'GMP Basics', priceCents: 1000 }],
    });
    // Open and abandoned checkouts are not purchases: the customer does not see them as orders.
    for (const status of ['pending', 'expired', 'failed']) {
      await createOrder(db.knex, {
        userId: user.id,
        status,
        createdAt: '2026-03-01T10:00:00.000Z',
        items: [{ courseId: course.id, title: 'Abandoned', priceCents: 1000 }],
      });
    }
    await createOrder(db.knex, { userId: other.id, items: [{ courseId: course.id, title: 'Not mine', priceCents: 5 }] });
    await db
      .knex('enrollments')
      .insert({ id: '0b7f7a36-5d1e-4a43-9a43-5c2d7f1e0a11', user_id: user.id, course_id: course.id, order_id: older, enrolled_at: '2026-01-01T10:01:00.000Z' });

    const token = await createSession(db.knex, user.id);
    const { status, body } = await api.get('/api/profile', { Authorization: `Bearer ${token}` });
    expect(status).toBe(200);
    const profile = profileResponseSchema.parse(body);
    expect(profile.user).toMatchObject({ name: 'Pat Profile', email: user.email, membershipType: 'prime' });
    expect(profile.orders.map((o) => o.id)).toEqual([newer, older]);
    expect(profile.orders[1]).toMatchObject({ total: '500.00', status: 'completed', stripePaymentIntentId: 'pi_123' });
    expect(profile.orders[1]!.items).toEqual([
      { title: 'GMP Basics - Single', price: '499.00', tierName: 'Single', quantity: 1 },
      { title: 'Extra', price: '0.50', tierName: null, quantity: 2 },
    ]);
    expect(profile.enrollments).toEqual([
      { id: '0b7f7a36-5d1e-4a43-9a43-5c2d7f1e0a11', courseId: course.id, courseTitle: 'GMP Basics', enrolledAt: '2026-01-01T10:01:00.000Z', calendar: false },
    ]);
  });

  it('answers empty lists for a new customer', async () => {
    const user = await createUser(db.knex);
    const token = await createSession(db.knex, user.id);
    const { body } = await api.get('/api/profile', { Authorization: `Bearer ${token}` });
    expect(body.orders).toEqual([]);
    expect(body.enrollments).toEqual([]);
  });
});
