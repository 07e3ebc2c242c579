/**
 * The refund mail is reliable (issue 29, point 11): it is the queued job `send-refund-mail`,
 * written in the refund's own transaction under the refund's id. A send that fails is tried again
 * after the job's backoff and the buyer gets it once; the same refund asked again queues nothing
 * new; two runners at once send it once. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundPath } from '@contracts/admin-orders';
import { openDatabase, type Database } from '@db/knex';
import { refundMailJob } from '@api/jobs/send-refund-mail';
import { JobRunner } from '@api/jobs/runner';
import type { MailMessage } from '@api/integrations/mail';
import { createLogger } from '@api/logger';
import { createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let second: Database;
let api: TestServer;
let now = new Date('2026-11-21T12:00:00.000Z');
let admin: Record<string, string>;
/** Mail that reached the buyer; the next `failures` sends throw, as an SMTP server that is down. */
const delivered: MailMessage[] = [];
let failures = 0;

const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  db = await createTestDatabase();
  second = openDatabase(db.url);
  const mailer = {
    send: async (message: MailMessage) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP 421 Service not available');
      }
      delivered.push(message);
    },
  };
  api = await startTestServer(db.knex, { clock: () => now, mailer });
  const user = await createUser(db.knex, { role: 'admin' });
  admin = auth(await createSession(db.knex, user.id));
});

afterAll(async () => {
  await api?.close();
  await second?.close();
  await db?.destroy();
});

/** A runner of the refund mail on its own connection pool (on SQLite one connection: see jobs-schedule.test.ts). */
const runner = (knex = db.knex) => new JobRunner({ knex, logger: createLogger('silent'), clock: () => now, queued: [refundMailJob(api.app.services.refunds)] });

async function refundedOrder(email: string, key = crypto.randomUUID()) {
  const course = await createCourse(db.knex, { type: 'recorded_course', priceCents: 8_000 });
  const user = await createUser(db.knex, { email });
  const headers = auth(await createSession(db.knex, user.id));
  const intent = await api.request(
    'POST',
    '/api/create-payment-intent',
    { courseIds: [course.id], amount: 80, items: [{ courseId: course.id, quantity: 1 }] },
    headers,
  );
  expect(intent.status, intent.text).toBe(200);
  expect((await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD })).body.status).toBe('succeeded');
  const refund = await api.request('POST', refundPath(intent.body.orderId), { reason: 'Changed plans' }, { ...admin, 'Idempotency-Key': key });
  expect(refund.status, refund.text).toBe(200);
  return { orderId: intent.body.orderId as string, refundId: refund.body.refund.id as string, key };
}

const mailJob = (refundId: string) => db.knex('queued_jobs').where({ name: 'send-refund-mail', job_key: refundId });
const mailsTo = (email: string) => delivered.filter((m) => m.to === email && m.subject.startsWith('Your refund for order'));

describe(`the refund mail (${testEngine()})`, () => {
  it('is queued with the refund, retried after a failed send, and reaches the buyer once', async () => {
    const email = `retry-${crypto.randomBytes(4).toString('hex')}@academy.test`;
    const { orderId, refundId, key } = await refundedOrder(email);
    // Queued by the refund's transaction; nothing sent by the request itself.
    expect(await mailJob(refundId)).toMatchObject([{ status: 'queued', attempts: 0 }]);
    expect(mailsTo(email)).toEqual([]);
    // The same refund asked again is the same refund: still one job.
    expect((await api.request('POST', refundPath(orderId), { reason: 'Changed plans' }, { ...admin, 'Idempotency-Key': key })).status).toBe(200);
    expect(await mailJob(refundId)).toHaveLength(1);

    failures = 1;
    await runner().tick();
    expect(mailsTo(email)).toEqual([]);
    const [failed] = await mailJob(refundId);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, last_error: 'SMTP 421 Service not available' });
    expect(failed.run_at).toBe(new Date(now.getTime() + 30_000).toISOString());
    // Not before its backoff.
    await runner().tick();
    expect(mailsTo(email)).toEqual([]);

    now = new Date(now.getTime() + 31_000);
    await runner().tick();
    const [mail] = mailsTo(email);
    expect(mail?.text).toContain('we have refunded $80.00');
    expect(mail?.text).toContain('The order is refunded in full.');
    expect(mail?.attachments?.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(await mailJob(refundId)).toMatchObject([{ status: 'done', attempts: 2 }]);

    // Later rounds send nothing more.
    now = new Date(now.getTime() + 60 * 60_000);
    await runner().tick();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('is sent once by two runners at once, and is dead (not sent twice) after its attempts', async () => {
    const email = `twice-${crypto.randomBytes(4).toString('hex')}@academy.test`;
    const { refundId } = await refundedOrder(email);
    const knexes = testEngine() === 'mysql' ? [db.knex, second.knex] : [db.knex, db.knex];
    const runners = knexes.map((knex) => runner(knex));
    await Promise.all(runners.flatMap((r) => [r.tick(), r.tick()]));
    expect(mailsTo(email)).toHaveLength(1);
    expect(await mailJob(refundId)).toMatchObject([{ status: 'done', attempts: 1 }]);

    // A mail server down for good: every attempt fails, then the job is dead with the reason.
    const lost = `lost-${crypto.randomBytes(4).toString('hex')}@academy.test`;
    const { refundId: lostId } = await refundedOrder(lost);
    failures = 1_000;
    try {
      for (let i = 0; i < 10; i++) {
        await runner().tick();
        now = new Date(now.getTime() + 2 * 60 * 60_000);
      }
    } finally {
      failures = 0;
    }
    expect(await mailJob(lostId)).toMatchObject([{ status: 'dead', attempts: 8, last_error: 'SMTP 421 Service not available' }]);
    expect(mailsTo(lost)).toEqual([]);
  });
});
