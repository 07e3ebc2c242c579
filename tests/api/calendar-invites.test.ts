/**
 * Calendar invites (issue 16): the receipt of a live webinar or seminar carries an .ics
 * (METHOD:REQUEST, a stable UID per buyer and course, SEQUENCE, DTSTART/DTEND with the course's
 * TZID and its VTIMEZONE) that ical.js reads back to the right UTC instant in each of the eight
 * zones; a reschedule mails an update with SEQUENCE + 1, an archive a METHOD:CANCEL, both with
 * the same UID; "Add to calendar" gives the buyer the same event, and nobody else anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONES } from '@contracts/catalogue';
import { courseCalendarPath } from '@contracts/document-paths';
import { createSmtpMailer, type MailMessage } from '../../api/integrations/mail';
import { startSmtpCapture } from './support/smtp-capture';
import { createCourse, createOrder, createSession, createUser } from './support/factories';
import { download, parseIcs } from './support/documents';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const now = new Date('2026-11-21T12:00:00.000Z');
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let admin: Record<string, string>;

/** The IANA names the files use for the back office's zones. */
const TZID: Record<string, string> = {
  'US/Eastern': 'America/New_York',
  'US/Central': 'America/Chicago',
  'US/Mountain': 'America/Denver',
  'US/Pacific': 'America/Los_Angeles',
  'Europe/London': 'Europe/London',
  'Europe/Paris': 'Europe/Paris',
  'Asia/Tokyo': 'Asia/Tokyo',
  'Australia/Sydney': 'Australia/Sydney',
};

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function customer() {
  const user = await createUser(db.knex, { role: 'customer' });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

async function buy(courseIds: string[], amount: number, headers: Record<string, string>) {
  const intent = await api.request('POST', '/api/create-payment-intent', { courseIds, amount }, headers);
  expect(intent.status, intent.text).toBe(200);
  const paid = await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD });
  expect(paid.body.status).toBe('succeeded');
  return intent.body as { orderId: string };
}

const mailsTo = (email: string, from = 0) => api.sent.slice(from).filter((m) => m.to === email);
const icsOf = (mail: MailMessage) => (mail.attachments ?? []).filter((a) => a.filename.endsWith('.ics')).map((a) => String(a.content));
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describe('the invite in the receipt', () => {
  it.each(TIME_ZONES.map((zone) => [zone]))('%s: DTSTART/DTEND carry the zone and read back to the right UTC time, winter and summer', async (zone) => {
    const winter = await createCourse(db.knex, {
      type: 'live_webinar',
      title: `Winter ${zone}`,
      startDate: '2027-01-15T15:30:00.000Z',
      duration: 90,
      timezone: zone,
      priceCents: 1000,
    });
    const summer = await createCourse(db.knex, {
      type: 'live_webinar',
      title: `Summer ${zone}`,
      startDate: '2027-07-15T08:00:00.000Z',
      duration: 60,
      timezone: zone,
      priceCents: 1000,
    });
    const { user, headers } = await customer();
    const before = api.sent.length;
    await buy([winter.id, summer.id], 20, headers);

    const receipt = mailsTo(user.email, before).find((m) => /receipt/i.test(m.subject))!;
    const files = icsOf(receipt);
    expect(files).toHaveLength(2);
    const events = files.map(parseIcs);
    for (const [event, course, minutes] of [
      [events.find((e) => e.summary === winter.title)!, winter, 90],
      [events.find((e) => e.summary === summer.title)!, summer, 60],
    ] as const) {
      expect(event.method).toBe('REQUEST');
      expect(event.sequence).toBe(0);
      expect(event.tzid).toBe(TZID[zone]);
      expect(event.vtimezones).toEqual([TZID[zone]]);
      expect(event.startUtc).toBe(course.start_date);
      expect(event.endUtc).toBe(plus(course.start_date!, minutes));
      expect(event.location).toBe(`http://localhost:3000/courses/${course.id}`);
      expect(event.attendees).toEqual([user.email.toLowerCase()]);
      expect(event.uid).toMatch(/^[0-9a-f-]{36}@localhost$/);
    }
    // The wall clock in the file is the zone's, not UTC's (unless the zone is at +00:00 then).
    if (zone === 'Asia/Tokyo') expect(files.find((f) => f.includes(winter.title))).toContain('DTSTART;TZID=Asia/Tokyo:20270116T003000');
    expect(events[0]!.uid).not.toBe(events[1]!.uid);
  });

  it('a live seminar ends at its end date and takes place at its venue; other courses carry no invite', async () => {
    const seminar = await createCourse(db.knex, {
      type: 'live_seminar',
      title: 'Validation Summit',
      startDate: '2027-03-01T14:00:00.000Z',
      endDate: '2027-03-02T22:00:00.000Z',
      timezone: 'US/Eastern',
      location: 'Boston, MA',
      priceCents: 1000,
    });
    const recorded = await createCourse(db.knex, { type: 'recorded_webinar', title: 'On Demand', priceCents: 1000 });
    const { user, headers } = await customer();
    const before = api.sent.length;
    await buy([seminar.id, recorded.id], 20, headers);
    const files = icsOf(mailsTo(user.email, before)[0]!);
    expect(files).toHaveLength(1);
    const event = parseIcs(files[0]!);
    expect(event).toMatchObject({
      summary: 'Validation Summit',
      location: 'Boston, MA',
      startUtc: '2027-03-01T14:00:00.000Z',
      endUtc: '2027-03-02T22:00:00.000Z',
      tzid: 'America/New_York',
    });
  });
});

describe('updates and cancellations', () => {
  it('a reschedule mails SEQUENCE + 1 with the same UID, an archive METHOD:CANCEL; "Add to calendar" follows', async () => {
    const course = await createCourse(db.knex, {
      type: 'live_webinar',
      title: 'Deviation Handling',
      instructorName: 'Dr. Ada Lane',
      startDate: '2027-02-10T16:00:00.000Z',
      duration: 90,
      timezone: 'Europe/Paris',
      priceCents: 5000,
    });
    const { user, headers } = await customer();
    const stranger = await customer();
    let mark = api.sent.length;
    await buy([course.id], 50, headers);
    const original = parseIcs(icsOf(mailsTo(user.email, mark)[0]!)[0]!);

    // "Add to calendar": the same event (UID, SEQUENCE), to open in a calendar.
    const file = await download(api.baseUrl, courseCalendarPath(course.id), headers);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const downloaded = parseIcs(file.text());
    expect(downloaded).toMatchObject({ method: 'PUBLISH', uid: original.uid, sequence: 0, startUtc: '2027-02-10T16:00:00.000Z' });
    expect((await download(api.baseUrl, courseCalendarPath(course.id), stranger.headers)).status).toBe(404);
    expect((await download(api.baseUrl, courseCalendarPath(course.id))).status).toBe(401);
    expect((await download(api.baseUrl, courseCalendarPath('nope'), headers)).status).toBe(404);

    // A change that the invite does not show sends nothing.
    mark = api.sent.length;
    const priced = await api.request('PUT', `/api/courses/${course.id}`, { price: '60' }, admin);
    expect(priced.status, priced.text).toBe(200);
    expect(mailsTo(user.email, mark)).toHaveLength(0);

    // Bad input: refused, and nothing is sent or raised.
    expect((await api.request('PUT', `/api/courses/${course.id}`, { startDate: 'next tuesday' }, admin)).status).toBe(400);
    expect(mailsTo(user.email, mark)).toHaveLength(0);
    expect((await db.knex('calendar_invites').where({ course_id: course.id }).first()).sequence).toBe(0);

    // Rescheduled twice: two updates, SEQUENCE 1 then 2, same UID, new times.
    expect((await api.request('PUT', `/api/courses/${course.id}`, { startDate: '2027-02-11T09:00:00.000Z' }, admin)).status).toBe(200);
    expect((await api.request('PUT', `/api/courses/${course.id}`, { startDate: '2027-02-12T09:30:00.000Z', duration: 120 }, admin)).status).toBe(200);
    const updates = mailsTo(user.email, mark);
    expect(updates).toHaveLength(2);
    const [first, second] = updates.map((m) => ({ mail: m, event: parseIcs(m.calendar!.content) }));
    expect(first!.mail.calendar!.method).toBe('REQUEST');
    expect(first!.mail.subject).toMatch(/^Updated: Deviation Handling/);
    expect(first!.event).toMatchObject({
      method: 'REQUEST',
      uid: original.uid,
      sequence: 1,
      startUtc: '2027-02-11T09:00:00.000Z',
      endUtc: '2027-02-11T10:30:00.000Z',
      tzid: 'Europe/Paris',
    });
    expect(second!.event).toMatchObject({
      method: 'REQUEST',
      uid: original.uid,
      sequence: 2,
      startUtc: '2027-02-12T09:30:00.000Z',
      endUtc: '2027-02-12T11:30:00.000Z',
    });
    expect(parseIcs((await download(api.baseUrl, courseCalendarPath(course.id), headers)).text())).toMatchObject({ uid: original.uid, sequence: 2 });
    // Nothing more is due: the job finds nothing to send.
    expect(await api.app.services.calendar.sendDue()).toBe(0);

    // Archived (it has buyers): a cancellation, same UID, SEQUENCE 3; the download is gone.
    mark = api.sent.length;
    expect((await api.request('DELETE', `/api/courses/${course.id}`, undefined, admin)).status).toBeLessThan(300);
    const [cancel] = mailsTo(user.email, mark);
    expect(cancel!.calendar!.method).toBe('CANCEL');
    expect(cancel!.subject).toMatch(/^Cancelled: Deviation Handling/);
    expect(parseIcs(cancel!.calendar!.content)).toMatchObject({ method: 'CANCEL', uid: original.uid, sequence: 3, status: 'CANCELLED' });
    expect((await download(api.baseUrl, courseCalendarPath(course.id), headers)).status).toBe(404);
    expect(await api.app.services.calendar.sendDue()).toBe(0);
  });

  it('a buyer from before invites existed gets the update too, and a failed send is retried once', async () => {
    const course = await createCourse(db.knex, {
      type: 'live_webinar',
      title: 'Legacy Session',
      instructorName: 'Dr. Ada Lane',
      startDate: '2027-05-05T13:00:00.000Z',
      timezone: 'US/Pacific',
      priceCents: 1000,
    });
    const { user } = await customer();
    await createOrder(db.knex, {
      userId: user.id,
      email: user.email,
      name: user.name,
      status: 'completed',
      items: [{ courseId: course.id, title: course.title, priceCents: 1000 }],
    });
    expect(await db.knex('calendar_invites').where({ course_id: course.id })).toHaveLength(0);

    // The mail server is down for the first attempt: the update stays due and goes out later, once.
    const send = api.app.services.calendar['o'].mailer.send;
    let failures = 1;
    api.app.services.calendar['o'].mailer.send = async (message) => {
      if (failures-- > 0) throw new Error('SMTP down');
      return send(message);
    };
    try {
      const mark = api.sent.length;
      expect((await api.request('PUT', `/api/courses/${course.id}`, { startDate: '2027-05-06T13:00:00.000Z' }, admin)).status).toBe(200);
      expect(mailsTo(user.email, mark)).toHaveLength(0);
      expect(await db.knex('calendar_invites').where({ course_id: course.id, mail_due: true })).toHaveLength(1);
      expect(await Promise.all([api.app.services.calendar.sendDue(), api.app.services.calendar.sendDue()])).toEqual(expect.arrayContaining([1, 0]));
      const updates = mailsTo(user.email, mark);
      expect(updates).toHaveLength(1);
      expect(parseIcs(updates[0]!.calendar!.content)).toMatchObject({ sequence: 1, startUtc: '2027-05-06T13:00:00.000Z', tzid: 'America/Los_Angeles' });
    } finally {
      api.app.services.calendar['o'].mailer.send = send;
    }
  });
});

describe('over SMTP', () => {
  it('the receipt carries the invoice PDF and the invite; an update is the message’s own text/calendar part (iTIP)', async () => {
    const smtp = await startSmtpCapture();
    const mailer = createSmtpMailer(smtp.url, 'LifeScience Academy <no-reply@lifescience-academy.local>');
    const viaSmtp = await startTestServer(db.knex, { clock: () => now, mailer });
    try {
      const course = await createCourse(db.knex, {
        type: 'live_webinar',
        title: 'SMTP Session',
        instructorName: 'Dr. Ada Lane',
        startDate: '2027-06-01T13:00:00.000Z',
        timezone: 'Europe/London',
        priceCents: 1000,
      });
      const { user, headers } = await customer();
      const intent = await viaSmtp.request('POST', '/api/create-payment-intent', { courseIds: [course.id], amount: 10 }, headers);
      expect((await viaSmtp.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD })).body.status).toBe(
        'succeeded',
      );
      const receipt = (await smtp.latestTo(user.email)).raw;
      expect(receipt).toMatch(/Content-Type: application\/pdf; name=INV-2026-\d{6}\.pdf/);
      // Header lines may be folded: compare the unfolded header.
      expect(receipt.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST; name=smtp-session\.ics/);

      expect((await viaSmtp.request('PUT', `/api/courses/${course.id}`, { startDate: '2027-06-02T13:00:00.000Z' }, admin)).status).toBe(200);
      const update = (await smtp.latestTo(user.email, 2)).raw;
      expect(update).toContain('Subject: =?UTF-8?Q?Updated=3A_SMTP_Session');
      expect(update).toContain('Content-Type: text/calendar; charset=utf-8; method=REQUEST');
    } finally {
      await viaSmtp.close();
      mailer.transporter.close();
      await smtp.close();
    }
  });
});
