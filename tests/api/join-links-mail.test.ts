/**
 * Issue 30, point 2: the personal join link reaches each attendee — two buyers, two links, each in
 * their own receipt, calendar invite (.ics LOCATION and URL) and T-15 min reminder e-mail. A buyer
 * whose invite was mailed before the course had a meeting gets an invite update (same UID,
 * SEQUENCE + 1) carrying their link, once, however often the sweep runs. On SQLite and
 * (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { MailMessage } from '@api/integrations/mail';
import { buy, liveWebinar, person, startMeetingsWorld, type MeetingsWorld } from './support/meetings-setup';
import { startPushService, type PushServiceStandIn } from './support/push-service';
import { testEngine } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let w: MeetingsWorld;
let admin: Record<string, string>;
let pushService: PushServiceStandIn;
/** A second server on the same database whose reminders go to the push stand-in. */
let pushing: TestServer;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@academy.test' };

beforeAll(async () => {
  w = await startMeetingsWorld();
  admin = (await person(w, 'admin')).headers;
  pushService = await startPushService(() => vapid.publicKey);
  pushing = await startTestServer(w.db.knex, { clock: () => w.clock.now, push: { vapid, testOrigins: [pushService.origin] } });
});
afterAll(async () => {
  await pushing?.close();
  await pushService?.close();
  await w?.close();
});

const START = Date.parse('2026-11-28T15:00:00.000Z');
const MINUTE = 60_000;

async function customer(name: string) {
  const made = await person(w, 'customer', { name });
  await w.db.knex('sessions').where({ user_id: made.user.id }).update({ expires_at: '2099-01-01T00:00:00.000Z' });
  return made;
}

const setLink = (courseId: string, joinUrl: string) =>
  w.api.request('PUT', `/api/courses/${courseId}/meeting`, { provider: 'link', joinUrl }, { ...admin, 'Idempotency-Key': crypto.randomUUID() });

const joinUrlOf = async (courseId: string, headers: Record<string, string>) => {
  const view = await w.api.get(`/api/courses/${courseId}/join`, headers);
  expect(view.status, view.text).toBe(200);
  expect(view.body.joinUrl).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/);
  return view.body.joinUrl as string;
};

/** An iCalendar file's content lines, unfolded (RFC 5545 §3.1). */
const icsLines = (ics: string) => ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
const icsField = (ics: string, name: string) =>
  icsLines(ics)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '')
    .replace(/\\([,;\\])/g, '$1');
const icsOf = (mail: MailMessage) => (mail.attachments ?? []).filter((a) => a.filename.endsWith('.ics')).map((a) => String(a.content));
const mailTo = (email: string, subject: RegExp) => w.api.sent.filter((m) => m.to.toLowerCase() === email.toLowerCase() && subject.test(m.subject));

describe(`each buyer's own link in their mail (${testEngine()})`, () => {
  it('receipt, calendar invite and T-15 min reminder (push and e-mail) carry the person’s own link; two buyers, two links', async () => {
    w.clock.now = new Date('2026-11-21T12:00:00.000Z');
    const course = await liveWebinar(w, { title: 'GMP Data Integrity Live' });
    expect((await setLink(course.id, 'https://meet.google.com/abc-defg-hij')).status).toBe(200);
    const x = await customer('Xavier Buyer');
    const y = await customer('Yvonne Buyer');
    await buy(w, course.id, x.headers);
    await buy(w, course.id, y.headers);
    const xLink = await joinUrlOf(course.id, x.headers);
    const yLink = await joinUrlOf(course.id, y.headers);
    expect(xLink).not.toBe(yLink);

    for (const [who, own, other] of [
      [x, xLink, yLink],
      [y, yLink, xLink],
    ] as const) {
      const [receipt] = mailTo(who.user.email, /receipt/i);
      expect(receipt, `receipt of ${who.user.email}`).toBeDefined();
      expect(receipt!.text).toContain(own);
      expect(receipt!.text).not.toContain(other);
      const [ics] = icsOf(receipt!);
      expect(icsField(ics!, 'LOCATION')).toBe(own);
      expect(icsField(ics!, 'URL')).toBe(own);
      expect(ics).not.toContain(other.slice(-20));
    }
    // The invites were mailed with the link: the sweep has nothing to update.
    expect(await w.api.app.services.inviteLinks.announce()).toBe(0);

    // T-15 min: Y's phone gets the push, which opens Y's link; X (no device) gets the e-mail with X's.
    const phone = pushService.newBrowser();
    expect((await pushing.request('POST', '/api/push/subscriptions', phone.subscription, y.headers)).status).toBe(201);
    w.clock.now = new Date(START - 14 * MINUTE);
    await pushing.app.services.reminders.sweep();
    const pushed = pushService.deliveries.filter((d) => d.browserId === phone.id);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.payload.url).toBe(new URL(yLink).pathname);
    const mailed = pushing.sent.filter((m) => m.to.toLowerCase() === x.user.email.toLowerCase() && /^Reminder:/.test(m.subject));
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.text).toContain(xLink);
    expect(mailed[0]!.text).not.toContain(yLink);
  });

  it('a seminar with a venue and an online meeting keeps the venue as LOCATION, the link as URL', async () => {
    w.clock.now = new Date('2026-11-21T12:00:00.000Z');
    const seminar = await liveWebinar(w, {
      type: 'live_seminar',
      title: 'Hybrid GMP Seminar',
      location: 'Hotel Berlin, Room 2',
      endDate: '2026-11-28T23:00:00.000Z',
    });
    expect((await setLink(seminar.id, 'https://zoom.us/j/123456789')).status).toBe(200);
    const z = await customer('Zoe Hybrid');
    await buy(w, seminar.id, z.headers);
    const link = await joinUrlOf(seminar.id, z.headers);
    const ics = icsOf(mailTo(z.user.email, /receipt/i)[0]!)[0]!;
    expect(icsField(ics, 'LOCATION')).toBe('Hotel Berlin, Room 2');
    expect(icsField(ics, 'URL')).toBe(link);
  });

  it('an invite mailed before the meeting existed is updated once with the link (same UID, SEQUENCE + 1)', async () => {
    w.clock.now = new Date('2026-11-21T12:00:00.000Z');
    const course = await liveWebinar(w, { title: 'Validation Live Q&A' });
    const x = await customer('Xena Early');
    await buy(w, course.id, x.headers);
    const [receipt] = mailTo(x.user.email, /receipt/i).filter((m) => icsOf(m).some((ics) => ics.includes('Validation Live Q')));
    const first = icsOf(receipt!)[0]!;
    expect(icsField(first, 'LOCATION')).toContain(`/courses/${course.id}`);
    expect(icsField(first, 'SEQUENCE')).toBe('0');
    expect((await w.api.get(`/api/courses/${course.id}/join`, x.headers)).body).toMatchObject({ status: 'no_meeting', joinUrl: null });

    expect((await setLink(course.id, 'https://teams.microsoft.com/l/meetup-join/validation')).status).toBe(200);
    const sweeps = await Promise.all([w.api.app.services.inviteLinks.announce(), w.api.app.services.inviteLinks.announce()]);
    expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await w.api.app.services.inviteLinks.announce()).toBe(0);
    const before = w.api.sent.length;
    expect(await w.api.app.services.calendar.sendDue()).toBe(1);
    const update = w.api.sent.slice(before).find((m) => m.to.toLowerCase() === x.user.email.toLowerCase())!;
    expect(update.calendar!.method).toBe('REQUEST');
    const link = await joinUrlOf(course.id, x.headers);
    expect(icsField(update.calendar!.content, 'LOCATION')).toBe(link);
    expect(icsField(update.calendar!.content, 'SEQUENCE')).toBe('1');
    expect(icsField(update.calendar!.content, 'UID')).toBe(icsField(first, 'UID'));
    expect(await w.api.app.services.calendar.sendDue()).toBe(0);
    // "Add to calendar" gives the same event with the link.
    const file = await w.api.get(`/api/courses/${course.id}/calendar.ics`, x.headers);
    expect(file.status, file.text).toBe(200);
    expect(icsField(file.text, 'LOCATION')).toBe(link);
  });
});
