/**
 * Exactly once across processes (issue 15): two reminder sweeps with their own connection pools on
 * the same database (SQLite file, or MySQL with `npm run test:mysql`), 1,000 due reminders, run at
 * the same time → exactly 1,000 deliveries at the push service stand-in, each decrypted by its
 * browser, none twice; then more sweeps send nothing.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { openDatabase, type Database } from '@db/knex';
import { createWebPushSender } from '@api/integrations/web-push';
import { createLogger } from '@api/logger';
import { ReminderDeliveryService } from '@api/services/push/reminder-delivery';
import { endpointHash } from '@api/services/push/subscriptions';
import { createCourse } from './support/factories';
import { startPushService, type PushServiceStandIn } from './support/push-service';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';

const COUNT = 1000;
let db: TestDatabase;
let second: Database;
let pushService: PushServiceStandIn;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@academy.test' };

beforeAll(async () => {
  db = await createTestDatabase();
  second = openDatabase(db.url);
  pushService = await startPushService(() => vapid.publicKey);
});

afterAll(async () => {
  await pushService?.close();
  await second?.close();
  await db?.destroy();
});

describe(`two reminder sweeps on one ${testEngine()} database`, () => {
  it(`deliver ${COUNT} due reminders exactly once`, { timeout: 120_000 }, async () => {
    const start = new Date(Date.now() + 10 * 60_000);
    const course = await createCourse(db.knex, { type: 'live_webinar', title: 'Exactly Once', startDate: start.toISOString() });
    const nowIso = new Date().toISOString();
    const users = [];
    const enrollments = [];
    const subscriptions = [];
    for (let i = 0; i < COUNT; i++) {
      const id = crypto.randomUUID();
      const browser = pushService.newBrowser();
      users.push({
        id,
        name: `Customer ${i}`,
        email: `once-${i}-${id.slice(0, 6)}@academy.test`,
        role: 'customer',
        is_active: true,
        created_at: nowIso,
        updated_at: nowIso,
      });
      enrollments.push({ id: crypto.randomUUID(), user_id: id, course_id: course.id, order_id: null, enrolled_at: nowIso });
      const { endpoint, keys } = browser.subscription;
      subscriptions.push({
        id: crypto.randomUUID(),
        user_id: id,
        endpoint_hash: endpointHash(endpoint),
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        expiration_time: null,
        created_at: nowIso,
        updated_at: nowIso,
      });
    }
    await db.knex.batchInsert('users', users, 200);
    await db.knex.batchInsert('enrollments', enrollments, 200);
    await db.knex.batchInsert('push_subscriptions', subscriptions, 200);

    const mails: string[] = [];
    const instance = (knex: typeof db.knex) =>
      new ReminderDeliveryService({
        knex,
        push: createWebPushSender(vapid),
        mailer: { send: async (m) => void mails.push(m.to) },
        clock: () => new Date(),
        logger: createLogger('silent'),
        publicUrl: 'http://localhost',
      });
    const a = instance(db.knex);
    const b = instance(second.knex);

    const started = Date.now();
    const [ra, rb] = await Promise.all([a.sweep(), b.sweep()]);
    const elapsed = Date.now() - started;
    console.log(
      `[exactly-once ${testEngine()}] ${COUNT} reminders: instance A sent ${ra.sent}, instance B sent ${rb.sent}, deliveries ${pushService.deliveries.length}, ${elapsed} ms`,
    );

    expect(pushService.rejections).toEqual([]);
    expect(ra.sent + rb.sent).toBe(COUNT);
    expect(ra.claimed + rb.claimed).toBe(COUNT);
    expect(pushService.deliveries).toHaveLength(COUNT);
    expect(new Set(pushService.deliveries.map((d) => d.browserId)).size).toBe(COUNT);
    expect(pushService.deliveries.every((d) => d.payload.title === 'Exactly Once' && d.urgency === 'high')).toBe(true);
    expect(mails).toEqual([]);

    // Nothing more to do, for either of them.
    const [again1, again2] = await Promise.all([a.sweep(), b.sweep()]);
    expect(again1.claimed + again2.claimed).toBe(0);
    expect(pushService.deliveries).toHaveLength(COUNT);
    const rows = await db.knex('session_reminders').where({ course_id: course.id }).select('status', 'attempts');
    expect(rows).toHaveLength(COUNT);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
