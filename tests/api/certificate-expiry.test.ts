/**
 * Issue 32, point 6 (expiry and recertification): 90, 30 and 7 days before a certificate's
 * `validUntil` its holder gets a push on each device (decrypted by a local push service) and an
 * e-mail, each once however many sweeps run at once, linking to the course's refresher; a
 * certificate first seen inside a window gets only that window's reminder; the reminder respects
 * the holder's preferences; a revoked certificate, and a holder who already took the refresher,
 * get none. On the day, the certificate reads expired. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { certificateExpiryJob } from '@api/jobs/certificate-expiry-reminders';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { certificateFixtures, type Person } from './support/certificate-fixtures';
import { grantEntitlement } from './support/factories';
import { startPushService, type PushServiceStandIn, type StandInBrowser } from './support/push-service';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const DAY = 24 * 60 * 60_000;
let db: TestDatabase;
let api: TestServer;
let pushService: PushServiceStandIn;
let f: ReturnType<typeof certificateFixtures>;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@academy.test' };
let refresherId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  pushService = await startPushService(() => vapid.publicKey);
  api = await startTestServer(db.knex, { clock: () => clock.now, push: { vapid, testOrigins: [pushService.origin] } });
  f = certificateFixtures(db, () => api, clock);
  refresherId = await f.videoCourse({ title: 'GMP Refresher 2027' });
});

// Each test starts on the same day (sessions and courses are made then), whatever the last one's clock said.
beforeEach(() => {
  clock.now = new Date('2026-11-26T10:00:00.000Z');
});

afterAll(async () => {
  await api?.close();
  await pushService?.close();
  await db?.destroy();
});

/** A course valid for `months`, whose refresher is the refresher course. */
async function validCourse(months: number, title: string) {
  const id = await f.videoCourse({ title });
  const saved = await f.write('PUT', `/api/courses/${id}/certificate-settings`, { validityMonths: months, refresherCourseId: refresherId });
  expect(saved.status, saved.text).toBe(200);
  return id;
}

async function certifiedWithBrowser(name: string, courseId: string): Promise<{ person: Person; browser: StandInBrowser; validUntil: number; number: string }> {
  const person = await f.customer(name, courseId);
  const browser = pushService.newBrowser();
  expect((await api.request('POST', '/api/push/subscriptions', browser.subscription, person.headers)).status).toBe(201);
  await f.watchAll([person], courseId);
  await f.runJobs();
  const [certificate] = (await api.get('/api/me/certificates', person.headers)).body;
  return { person, browser, validUntil: Date.parse(certificate.validUntil), number: certificate.number };
}

/** Sweeps at `ms` (two at once, as two worker processes would) and sends what they queued. */
async function remindAt(ms: number) {
  clock.now = new Date(ms);
  const { expiryReminders } = api.app.services;
  const claimed = (await Promise.all([expiryReminders.sweep(clock.now), expiryReminders.sweep(clock.now)])).reduce((a, b) => a + b, 0);
  const runner = new JobRunner({ knex: db.knex, logger: createLogger('silent'), clock: () => clock.now, queued: [certificateExpiryJob(expiryReminders)] });
  for (let round = 0; round < 10; round += 1) await runner.tick();
  expect(await db.knex('queued_jobs').where('name', 'send-certificate-expiry').whereIn('status', ['queued', 'running'])).toEqual([]);
  return claimed;
}

const pushesTo = (browser: StandInBrowser) => pushService.deliveries.filter((d) => d.browserId === browser.id).map((d) => d.payload);
const mailsTo = async (person: Person) => {
  const email = (await db.knex('users').where({ id: person.id }).first('email')).email as string;
  return api.sent.filter((m) => m.to === email && m.subject.includes('expires on'));
};

describe('expiry reminders', () => {
  it('90, 30 and 7 days before: one push and one e-mail each, linking to the refresher; then the certificate expires', async () => {
    const courseId = await validCourse(12, 'GMP Annual');
    const { person, browser, validUntil, number } = await certifiedWithBrowser('Ada Lovelace', courseId);
    expect(await remindAt(validUntil - 91 * DAY)).toBe(0);

    expect(await remindAt(validUntil - 90 * DAY + 60_000)).toBe(1);
    expect(await remindAt(validUntil - 89 * DAY)).toBe(0);
    const [first] = pushesTo(browser);
    expect(first).toEqual({
      title: 'Certificate expires 26 Nov 2027',
      body: expect.stringContaining('Take the refresher "GMP Refresher 2027" to stay certified.'),
      url: `/courses/${refresherId}`,
      tag: expect.stringMatching(/^certificate-expiry-/),
    });
    const [mail] = await mailsTo(person);
    expect(mail!.subject).toBe('Your certificate for GMP Annual expires on 26 Nov 2027 — LifeScience Academy');
    expect(mail!.text).toContain(`http://localhost:3000/courses/${refresherId}`);
    expect(mail!.text).toContain('in about three months');

    expect(await remindAt(validUntil - 30 * DAY + 60_000)).toBe(1);
    expect(await remindAt(validUntil - 7 * DAY + 60_000)).toBe(1);
    expect(await remindAt(validUntil - 60_000)).toBe(0);
    expect(pushesTo(browser)).toHaveLength(3);
    expect((await mailsTo(person)).map((m) => m.text.match(/in (about three months|about a month|a week)/)![0])).toEqual([
      'in about three months',
      'in about a month',
      'in a week',
    ]);

    expect((await api.get(`/api/verify/${number}`)).body.status).toBe('valid');
    await remindAt(validUntil + DAY);
    expect((await api.get(`/api/verify/${number}`)).body).toMatchObject({ status: 'expired', validUntil: new Date(validUntil).toISOString() });
    expect((await api.get(`/verify/${number}`)).text).toContain('Expired on 26 Nov 2027');
    expect(pushesTo(browser)).toHaveLength(3);
  });

  it('a certificate first seen inside a window gets that window’s reminder only; the holder’s preferences are kept', async () => {
    const courseId = await validCourse(1, 'Cleanroom Monthly');
    const { person, browser, validUntil } = await certifiedWithBrowser('Jon Smith', courseId);
    const turnedOff = await f.write('PUT', '/api/profile/reminders', { push: true, email: false }, person.headers);
    expect(turnedOff.status, turnedOff.text).toBe(200);
    expect(await remindAt(clock.now.getTime())).toBe(1);
    expect(pushesTo(browser).map((p) => p.body)).toEqual([expect.stringContaining('expires in about a month')]);
    expect(await mailsTo(person)).toEqual([]);
    expect(await remindAt(validUntil - 7 * DAY)).toBe(1);
    expect(pushesTo(browser)).toHaveLength(2);
  });

  it('nothing for a revoked certificate, nor for a holder who already took the refresher', async () => {
    const courseId = await validCourse(12, 'Data Integrity Annual');
    const revoked = await certifiedWithBrowser('Rev Oked', courseId);
    const [certificate] = (await api.get('/api/me/certificates', revoked.person.headers)).body;
    expect((await f.write('POST', `/api/admin/certificates/${certificate.id}/revoke`, { reason: 'Issued in error' })).status).toBe(200);

    const renewed = await certifiedWithBrowser('Re Newed', courseId);
    await grantEntitlement(db.knex, { userId: renewed.person.id, courseId: refresherId });
    clock.now = new Date(clock.now.getTime() + 2 * DAY);
    await f.watchAll([renewed.person], refresherId);
    await f.runJobs();
    expect((await api.get('/api/me/certificates', renewed.person.headers)).body).toHaveLength(2);

    await remindAt(renewed.validUntil - 90 * DAY + 60_000);
    expect(pushesTo(revoked.browser)).toEqual([]);
    expect(pushesTo(renewed.browser)).toEqual([]);
    expect(await mailsTo(revoked.person)).toEqual([]);
    expect(await mailsTo(renewed.person)).toEqual([]);
  });
});
