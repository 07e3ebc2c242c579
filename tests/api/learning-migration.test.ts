/**
 * Upgrading a live database (issue 29): customers who paid before the learning migration keep
 * what they bought — each course line of a completed order of an account becomes an entitlement —
 * while pending orders and guest orders give nothing until paid or claimed. On SQLite and MariaDB.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCourse, createOrder, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.destroy();
});

it('grants the lines of completed orders placed before it, once', async () => {
  // Back to before the learning migration (the later ones first).
  while ((await db.knex.migrate.list())[0].some((m: { name: string }) => m.name === '20261126000017_learning')) await db.knex.migrate.down();
  const buyer = await createUser(db.knex);
  const course = await createCourse(db.knex, { title: 'Bought last year' });
  const other = await createCourse(db.knex, { title: 'In a pending checkout' });
  const paid = await createOrder(db.knex, {
    userId: buyer.id,
    status: 'completed',
    items: [{ courseId: course.id, title: 'Bought last year', priceCents: 100 }],
  });
  await createOrder(db.knex, { userId: buyer.id, status: 'pending', items: [{ courseId: other.id, title: 'Pending', priceCents: 100 }] });
  await createOrder(db.knex, {
    userId: null,
    email: 'guest@academy.test',
    status: 'completed',
    items: [{ courseId: other.id, title: 'Guest', priceCents: 100 }],
  });

  await db.knex.migrate.latest();
  const rows = await db.knex('entitlements').select('user_id', 'course_id', 'source', 'source_id', 'revoked_at', 'ends_at');
  expect(rows).toEqual([{ user_id: buyer.id, course_id: course.id, source: 'order', source_id: paid, revoked_at: null, ends_at: null }]);
});
