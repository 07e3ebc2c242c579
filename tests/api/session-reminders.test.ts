/**
 * Reminders before live sessions (issue 15), end to end with a fake clock: the app's reminder job
 * pushes through web-push to a local push service that checks the VAPID header and decrypts each
 * payload with the browser's private key. T-24h and T-15min go out once each; a session booked
 * late gets only T-15min; nothing after the start; a rescheduled session gets the new times; a
 * deleted course gets none; 404/410 prune the device; 429 with Retry-After is retried later; a
 * sweep that crashed after claiming is taken over, not duplicated; e-mail when push cannot reach.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createWebPushSender } from '@api/integrations/web-push';
import { createLogger } from '@api/logger';
import { ReminderDeliveryService } from '@api/services/push/reminder-delivery';
import { reminderPayload } from '@api/services/push/session-reminders';
import { MAX_PUSH_PAYLOAD_BYTES } from '@contracts/push';
import { createCourse, createUser } from './support/factories';
import { startPushService, type PushServiceStandIn, type StandInBrowser } from './support/push-service';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const HOUR = 3_600_000;
const MINUTE = 60_000;

let db: TestDatabase;
let api: TestServer;
let pushService: PushServiceStandIn;
let now = new Date();
const clock = () => now;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@academy.test' };

beforeAll(async () => {
  db = await createTestDatabase();
  pushService = await startPushService(() => vapid.publicKey);
  api = await startTestServer(db.knex, { clock, push: { vapid, testOrigins: [pushService.origin] } });
});

afterAll(async () => {
  await api?.close();
  await pushService?.close();
  await db?.destroy();
});

/** Each test lives in its own stretch of time, so sweeps of one never see another's sessions. */
let stretch = 0;
const newEra = () => Date.UTC(2027, 0, 1) + ++stretch * 30 * 24 * HOUR;
const at = (ms: number) => {
  now = new Date(ms);
};
const iso = (ms: number) => new Date(ms).toISOString();

async function longSession(userId: string): Promise<Record<string, string>> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.knex('sessions').insert({
    id: crypto.randomUUID(),
    user_id: userId,
    token_hash: crypto.createHash('sha256').update(token).digest('hex'),
    expires_at: '2099-01-01T00:00:00.000Z',
    created_at: new Date().toISOString(),
  });
  return { Authorization: `Bearer ${token}` };
}

/** A customer enrolled at `enrolledAt`, with one browser subscribed through the API. */
async function enrolledCustomer(courseId: string, enrolledAt: number, options: { subscribe?: boolean } = {}) {
  const user = await createUser(db.knex);
  const auth = await longSession(user.id);
  let browser: StandInBrowser | null = null;
  if (options.subscribe !== false) {
    browser = pushService.newBrowser();
    const saved = await api.request('POST', '/api/push/subscriptions', browser.subscription, auth);
    expect(saved.status).toBe(201);
  }
  await db.knex('enrollments').insert({ id: crypto.randomUUID(), user_id: user.id, course_id: courseId, order_id: null, enrolled_at: iso(enrolledAt) });
  return { user, auth, browser };
}

const deliveriesTo = (browser: StandInBrowser | null) => pushService.deliveries.filter((d) => d.browserId === browser?.id);
const sweepAt = async (ms: number) => {
  at(ms);
  return api.app.services.reminders.sweep();
};

describe('when reminders go out', () => {
  it('sends T-24h and T-15min once each, encrypted for the browser and signed with VAPID', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const course = await createCourse(db.knex, { type: 'live_webinar', title: 'Data Integrity Live', startDate: iso(start), timezone: 'US/Eastern' });
    const { browser } = await enrolledCustomer(course.id, era);

    await sweepAt(start - 25 * HOUR);
    expect(deliveriesTo(browser)).toHaveLength(0);
    await sweepAt(start - 24 * HOUR);
    expect(deliveriesTo(browser)).toHaveLength(1);
    const day = deliveriesTo(browser)[0]!;
    expect(day.payload.title).toBe('Data Integrity Live');
    expect(day.payload.url).toBe(`/courses/${course.id}`);
    expect(day.payload.tag).toMatch(/day_before$/);
    // The start in the course's own zone and in UTC.
    const zoned = new Intl.DateTimeFormat('en-US', { timeZone: 'US/Eastern', hour: 'numeric', minute: '2-digit' }).format(new Date(start));
    expect(day.payload.body).toContain(zoned);
    expect(day.payload.body).toMatch(/E[SD]T/);
    expect(day.payload.body).toContain(`${iso(start).slice(11, 16)} UTC`);
    expect(day.payload.body).toContain('in 24 hours');
    expect(day.ttl).toBe(24 * 3600);
    expect(day.urgency).toBe('normal');
    expect(day.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);

    await sweepAt(start - 24 * HOUR + MINUTE);
    await sweepAt(start - 16 * MINUTE);
    expect(deliveriesTo(browser)).toHaveLength(1);
    await sweepAt(start - 15 * MINUTE);
    expect(deliveriesTo(browser)).toHaveLength(2);
    const soon = deliveriesTo(browser)[1]!;
    expect(soon.urgency).toBe('high');
    expect(soon.ttl).toBe(15 * 60);
    expect(soon.payload.tag).toMatch(/soon$/);
    expect(soon.payload.tag).not.toBe(day.payload.tag);
    expect(soon.topic).not.toBe(day.topic);
    expect(soon.payload.body).toContain('in 15 minutes');

    await sweepAt(start - 14 * MINUTE);
    await sweepAt(start - MINUTE);
    await sweepAt(start + MINUTE);
    expect(deliveriesTo(browser)).toHaveLength(2);
    expect(pushService.rejections).toEqual([]);
    const rows = await db.knex('session_reminders').where({ course_id: course.id }).orderBy('kind');
    expect(rows.map((r) => [r.kind, r.status, r.channel, r.attempts])).toEqual([
      ['day_before', 'sent', 'push', 1],
      ['soon', 'sent', 'push', 1],
    ]);
  });

  it('gives a session booked after its T-24h point only the T-15min reminder', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const course = await createCourse(db.knex, { type: 'live_seminar', startDate: iso(start), endDate: iso(start + 8 * HOUR), location: 'Boston' });
    const { browser } = await enrolledCustomer(course.id, start - 10 * HOUR);
    for (const t of [start - 24 * HOUR, start - 10 * HOUR, start - HOUR, start - 16 * MINUTE]) await sweepAt(t);
    expect(deliveriesTo(browser)).toHaveLength(0);
    await sweepAt(start - 15 * MINUTE);
    await sweepAt(start - 5 * MINUTE);
    expect(deliveriesTo(browser).map((d) => d.payload.tag.split('-').at(-1))).toEqual(['soon']);
    expect(deliveriesTo(browser)[0]!.payload.body).toContain('live seminar');
  });

  it('sends nothing once the session has started', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const course = await createCourse(db.knex, { type: 'live_webinar', startDate: iso(start) });
    const { browser } = await enrolledCustomer(course.id, era);
    await sweepAt(start);
    await sweepAt(start + 5 * MINUTE);
    expect(deliveriesTo(browser)).toHaveLength(0);
    expect(await db.knex('session_reminders').where({ course_id: course.id })).toEqual([]);
  });

  it('sends nothing for recorded courses or inactive ones', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const recorded = await createCourse(db.knex, { type: 'recorded_webinar', startDate: iso(start) });
    const inactive = await createCourse(db.knex, { type: 'live_webinar', startDate: iso(start), isActive: false });
    const a = await enrolledCustomer(recorded.id, era);
    const b = await enrolledCustomer(inactive.id, era);
    await sweepAt(start - 24 * HOUR);
    await sweepAt(start - 15 * MINUTE);
    expect(deliveriesTo(a.browser)).toHaveLength(0);
    expect(deliveriesTo(b.browser)).toHaveLength(0);
  });

  it('follows a reschedule made in the back office: the new times, nothing for the old start', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const moved = start + 2 * 24 * HOUR + 30 * MINUTE;
    const admin = await createUser(db.knex, { role: 'admin' });
    const adminAuth = await longSession(admin.id);
    const course = await createCourse(db.knex, { type: 'live_webinar', startDate: iso(start), instructorName: 'Dr. Moved' });
    const { browser } = await enrolledCustomer(course.id, era);

    await sweepAt(start - 24 * HOUR);
    expect(deliveriesTo(browser)).toHaveLength(1);
    at(start - 20 * HOUR);
    const put = await api.request('PUT', `/api/courses/${course.id}`, { startDate: iso(moved) }, adminAuth);
    expect(put.status).toBe(200);

    await sweepAt(start - 15 * MINUTE);
    await sweepAt(start + MINUTE);
    expect(deliveriesTo(browser)).toHaveLength(1);
    await sweepAt(moved - 24 * HOUR - MINUTE);
    expect(deliveriesTo(browser)).toHaveLength(1);
    await sweepAt(moved - 24 * HOUR);
    await sweepAt(moved - 15 * MINUTE);
    await sweepAt(moved - 10 * MINUTE);
    const sent = deliveriesTo(browser);
    expect(sent).toHaveLength(3);
    expect(sent[1]!.payload.tag).not.toBe(sent[0]!.payload.tag);
    expect(sent[1]!.payload.body).toContain(`${iso(moved).slice(11, 16)} UTC`);
    expect(sent[2]!.payload.body).toContain(`${iso(moved).slice(11, 16)} UTC`);
  });

  it('cancels reminders of a course deleted in the back office, also one waiting for a retry', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const admin = await createUser(db.knex, { role: 'admin' });
    const adminAuth = await longSession(admin.id);
    const course = await createCourse(db.knex, { type: 'live_webinar', startDate: iso(start) });
    const { browser } = await enrolledCustomer(course.id, era);
    pushService.replyTo(browser!.id, { status: 503 });
    await sweepAt(start - 24 * HOUR);
    expect(pushService.attemptsFor(browser!.id)).toBe(1);
    pushService.replyTo(browser!.id, null);

    at(start - 23 * HOUR);
    const deleted = await api.request('DELETE', `/api/courses/${course.id}`, undefined, adminAuth);
    expect(deleted.status).toBe(200);
    expect(deleted.body.archived).toBe(true);

    await sweepAt(start - 22 * HOUR);
    await sweepAt(start - 15 * MINUTE);
    expect(deliveriesTo(browser)).toHaveLength(0);
    expect(pushService.attemptsFor(browser!.id)).toBe(1);
    const rows = await db.knex('session_reminders').where({ course_id: course.id });
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
  });
});

describe('answers of the push service', () => {
  it('deletes a device on 404 or 410 and falls back to e-mail', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const course = await createCourse(db.knex, { type: 'live_webinar', title: 'Gone Devices', startDate: iso(start), timezone: 'Europe/Berlin' });
    const a = await enrolledCustomer(course.id, era);
    const b = await enrolledCustomer(course.id, era);
    pushService.replyTo(a.browser!.id, { status: 410 });
    pushService.replyTo(b.browser!.id, { status: 404 });
    await sweepAt(start - 24 * HOUR);
    expect(await db.knex('push_subscriptions').whereIn('user_id', [a.user.id, b.user.id])).toEqual([]);
    expect((await api.get('/api/push/subscriptions', a.auth)).body).toEqual([]);
    // E-mail reminders are on by default: both get the reminder by mail instead, once.
    for (const user of [a.user, b.user]) {
      const mails = api.sent.filter((m) => m.to === user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Gone Devices');
      expect(mails[0]!.text).toContain(`${iso(start).slice(0, 10)} ${iso(start).slice(11, 16)} UTC`);
      expect(mails[0]!.text).toContain('Europe/Berlin');
      expect(mails[0]!.text).toContain(`/courses/${course.id}`);
    }
    await sweepAt(start - 23 * HOUR);
    expect(api.sent.filter((m) => m.to === a.user.email)).toHaveLength(1);
    expect(pushService.attemptsFor(a.browser!.id)).toBe(1);
  });

  it('retries a 429 no sooner than its Retry-After, and a 5xx with backoff, until it is delivered once', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const course = await createCourse(db.knex, { type: 'live_webinar', startDate: iso(start) });
    const limited = await enrolledCustomer(course.id, era);
    const failing = await enrolledCustomer(course.id, era);
    pushService.replyTo(limited.browser!.id, (attempt) => (attempt === 1 ? { status: 429, headers: { 'Retry-After': '600' } } : { status: 201 }));
    pushService.replyTo(failing.browser!.id, (attempt) => (attempt <= 2 ? { status: 502 } : { status: 201 }));

    const t0 = start - 24 * HOUR;
    await sweepAt(t0);
    expect(deliveriesTo(limited.browser)).toHaveLength(0);
    expect(deliveriesTo(failing.browser)).toHaveLength(0);
    // Backoff of the 5xx: 30 s, then 1 min.
    await sweepAt(t0 + 29_000);
    expect(pushService.attemptsFor(failing.browser!.id)).toBe(1);
    await sweepAt(t0 + 30_000);
    expect(pushService.attemptsFor(failing.browser!.id)).toBe(2);
    await sweepAt(t0 + 90_000);
    expect(deliveriesTo(failing.browser)).toHaveLength(1);
    // The 429 waits for its 600 seconds.
    await sweepAt(t0 + 599_000);
    expect(pushService.attemptsFor(limited.browser!.id)).toBe(1);
    await sweepAt(t0 + 600_000);
    expect(deliveriesTo(limited.browser)).toHaveLength(1);
    await sweepAt(t0 + 20 * MINUTE);
    expect(deliveriesTo(limited.browser)).toHaveLength(1);
    expect(deliveriesTo(failing.browser)).toHaveLength(1);
    const rows = await db.knex('session_reminders').where({ course_id: course.id, kind: 'day_before' });
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    // No e-mail: push reached them in the end.
    expect(api.sent.filter((m) => m.to === limited.user.email || m.to === failing.user.email)).toEqual([]);
  });

  it('gives up when the retry would come after the start', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const course = await createCourse(db.knex, { type: 'live_webinar', startDate: iso(start) });
    const { browser, user } = await enrolledCustomer(course.id, start - HOUR);
    pushService.replyTo(browser!.id, { status: 429, headers: { 'Retry-After': String(20 * 60) } });
    await sweepAt(start - 15 * MINUTE);
    await sweepAt(start - MINUTE);
    await sweepAt(start + 10 * MINUTE);
    expect(pushService.attemptsFor(browser!.id)).toBe(1);
    expect((await db.knex('session_reminders').where({ user_id: user.id }).first()).status).toBe('expired');
  });
});

describe('claims', () => {
  it('takes over a reminder whose sender crashed after claiming it, and sends it once', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const course = await createCourse(db.knex, { type: 'live_webinar', startDate: iso(start) });
    const customers = await Promise.all(Array.from({ length: 5 }, () => enrolledCustomer(course.id, era)));
    // Another process claims them and dies before sending (its claims are never finished).
    const crashed = new ReminderDeliveryService({
      knex: db.knex,
      push: createWebPushSender(vapid),
      mailer: { send: async () => undefined },
      clock,
      logger: createLogger('silent'),
      publicUrl: 'http://localhost',
    });
    at(start - 15 * MINUTE);
    const claims = await crashed.claimBatch();
    expect(claims.filter((c) => c.courseId === course.id)).toHaveLength(5);

    // While its lease lasts, nobody else sends them.
    const during = await sweepAt(start - 14 * MINUTE);
    expect(during.claimed).toBe(0);
    for (const c of customers) expect(deliveriesTo(c.browser)).toHaveLength(0);
    // After the lease (2 minutes), the next sweep takes them over.
    await sweepAt(start - 13 * MINUTE);
    await sweepAt(start - 12 * MINUTE);
    for (const c of customers) expect(deliveriesTo(c.browser)).toHaveLength(1);
    const rows = await db.knex('session_reminders').where({ course_id: course.id });
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array.from({ length: 5 }, () => ['sent', 2]));
    // Should the first sweep come back to life, its claims are no longer its own: it sends nothing.
    const stale = claims.find((c) => c.courseId === course.id)!;
    expect(await crashed.deliver(stale)).toBe('lost');
    for (const c of customers) expect(deliveriesTo(c.browser)).toHaveLength(1);
    expect(pushService.deliveries.filter((d) => d.payload.url === `/courses/${course.id}`)).toHaveLength(5);
  });
});

describe('e-mail reminders', () => {
  it('mails customers who turned push off, and nobody who turned both off', async () => {
    const era = newEra();
    const start = era + 3 * 24 * HOUR;
    const course = await createCourse(db.knex, {
      type: 'live_seminar',
      title: 'Validation Bootcamp',
      startDate: iso(start),
      endDate: iso(start + 8 * HOUR),
      timezone: 'America/Chicago',
      location: 'Chicago',
    });
    const mailOnly = await enrolledCustomer(course.id, era);
    const neither = await enrolledCustomer(course.id, era);
    const pushOnly = await enrolledCustomer(course.id, era, { subscribe: false });
    at(era);
    expect((await api.request('PUT', '/api/profile/reminders', { push: false, email: true }, mailOnly.auth)).status).toBe(200);
    expect((await api.request('PUT', '/api/profile/reminders', { push: false, email: false }, neither.auth)).status).toBe(200);
    expect((await api.request('PUT', '/api/profile/reminders', { push: true, email: false }, pushOnly.auth)).status).toBe(200);

    await sweepAt(start - 24 * HOUR);
    await sweepAt(start - 15 * MINUTE);
    expect(deliveriesTo(mailOnly.browser)).toHaveLength(0);
    expect(deliveriesTo(neither.browser)).toHaveLength(0);
    const mails = api.sent.filter((m) => m.to === mailOnly.user.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('starts in 24 hours'), expect.stringContaining('starts in 15 minutes')]);
    const zoned = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' }).format(new Date(start));
    expect(mails[0]!.text).toContain(zoned);
    expect(mails[0]!.text).toMatch(/C[SD]T/);
    expect(mails[0]!.text).toContain(`${iso(start).slice(11, 16)} UTC`);
    // With the session's calendar file, the same event as the buyer's "Add to calendar".
    const ics = mails[0]!.attachments?.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.contentType).toContain('text/calendar');
    expect(String(ics?.content)).toMatch(/BEGIN:VCALENDAR[\s\S]*METHOD:PUBLISH[\s\S]*BEGIN:VEVENT[\s\S]*DTSTART/);
    expect(String(ics?.content)).toContain('Validation Bootcamp');
    expect(api.sent.filter((m) => m.to === neither.user.email || m.to === pushOnly.user.email)).toEqual([]);
    const statuses = await db.knex('session_reminders').where({ user_id: neither.user.id }).pluck('status');
    expect(statuses).toEqual(['cancelled', 'cancelled']);
  });
});

describe('the payload', () => {
  it('stays within 3,993 bytes for the longest titles', () => {
    const payload = reminderPayload(
      {
        courseId: crypto.randomUUID(),
        courseTitle: '🧪'.repeat(1200),
        courseType: 'live_webinar',
        timezone: 'US/Eastern',
        startsAt: '2027-03-01T15:00:00.000Z',
        kind: 'soon',
      },
      new Date('2027-03-01T14:45:00.000Z'),
    );
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect(payload.title.length).toBeGreaterThan(10);
  });
});
