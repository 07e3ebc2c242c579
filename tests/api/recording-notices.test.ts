/**
 * "The recording is available" (issue 16): when the sweep turns an ended live seminar into a
 * recorded seminar, each buyer gets one mail with the link — once, even when several processes
 * sweep and send at the same time, and again only if sending failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertEndedLiveSeminars } from '../../api/services/courses/seminar-sweep';
import { createCourse, createOrder, createUser } from './support/factories';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let one: TestServer;
let two: TestServer;
const now = new Date('2026-11-21T12:00:00.000Z');

beforeAll(async () => {
  db = await createTestDatabase();
  // Two app instances on one database: two processes, each with its own mailer.
  one = await startTestServer(db.knex, { clock: () => now });
  two = await startTestServer(db.knex, { clock: () => now });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await db?.destroy();
});

const recordingMails = (email: string) => [...one.sent, ...two.sent].filter((m) => m.to === email && /recording/i.test(m.subject));

describe(`recording available (${testEngine()})`, () => {
  it('mails each buyer of an ended live seminar once, with the link, whatever runs the sweep', async () => {
    const ended = await createCourse(db.knex, {
      type: 'live_seminar',
      title: 'Process Validation Summit',
      startDate: '2026-11-18T14:00:00.000Z',
      endDate: '2026-11-19T22:00:00.000Z',
      location: 'Boston, MA',
    });
    const upcoming = await createCourse(db.knex, {
      type: 'live_seminar',
      title: 'Future Summit',
      startDate: '2027-01-18T14:00:00.000Z',
      endDate: '2027-01-19T22:00:00.000Z',
      location: 'Boston, MA',
    });
    const ada = await createUser(db.knex, { name: 'Ada' });
    const bob = await createUser(db.knex, { name: 'Bob' });
    const line = (course: { id: string; title: string }) => [{ courseId: course.id, title: course.title, priceCents: 1000 }];
    await createOrder(db.knex, { userId: ada.id, email: ada.email, name: 'Ada', items: line(ended) });
    // Bought twice (and in another case): still one mail.
    await createOrder(db.knex, { userId: ada.id, email: ada.email.toUpperCase(), name: 'Ada', items: line(ended) });
    await createOrder(db.knex, { userId: null, email: 'guest.seminar@academy.test', name: 'Gwen Guest', items: line(ended) });
    await createOrder(db.knex, { userId: bob.id, email: bob.email, name: 'Bob', items: line(upcoming) });
    // An abandoned checkout is not a buyer.
    await createOrder(db.knex, { userId: null, email: 'abandoned@academy.test', status: 'expired', items: line(ended) });

    // Two processes sweep at once, then both send at once.
    const swept = await Promise.all([convertEndedLiveSeminars(db.knex, now), convertEndedLiveSeminars(db.knex, now)]);
    expect(swept.flat()).toContain(ended.id);
    expect(swept.flat()).not.toContain(upcoming.id);
    expect((await db.knex('courses').where({ id: ended.id }).first()).type).toBe('recorded_seminar');
    const sent = await Promise.all([
      one.app.services.recordingNotices.sendDue(),
      two.app.services.recordingNotices.sendDue(),
      one.app.services.recordingNotices.sendDue(),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);

    for (const email of [ada.email, 'guest.seminar@academy.test']) {
      const mails = recordingMails(email);
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^The recording of Process Validation Summit is available/);
      expect(mails[0]!.text).toContain(`http://localhost:3000/courses/${ended.id}`);
    }
    expect(recordingMails('abandoned@academy.test')).toHaveLength(0);
    expect(recordingMails(bob.email)).toHaveLength(0);

    // Later sweeps and sends find nothing new.
    expect(await convertEndedLiveSeminars(db.knex, now)).toEqual([]);
    expect(await one.app.services.recordingNotices.sendDue()).toBe(0);
    expect(await db.knex('recording_notices').where({ course_id: ended.id })).toHaveLength(2);
  });

  it('a mail that could not be sent is sent by a later run, once', async () => {
    const ended = await createCourse(db.knex, {
      type: 'live_seminar',
      title: 'Audit Trail Workshop',
      startDate: '2026-11-10T14:00:00.000Z',
      endDate: '2026-11-11T22:00:00.000Z',
      location: 'Paris',
    });
    const buyer = await createUser(db.knex);
    await createOrder(db.knex, { userId: buyer.id, email: buyer.email, items: [{ courseId: ended.id, title: ended.title, priceCents: 1000 }] });
    await convertEndedLiveSeminars(db.knex, now);

    const mailer = one.app.services.recordingNotices['o'].mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      expect(await one.app.services.recordingNotices.sendDue()).toBe(0);
    } finally {
      mailer.send = send;
    }
    expect(recordingMails(buyer.email)).toHaveLength(0);
    expect((await db.knex('recording_notices').where({ course_id: ended.id }).first()).status).toBe('due');
    expect(await one.app.services.recordingNotices.sendDue()).toBe(1);
    expect(await one.app.services.recordingNotices.sendDue()).toBe(0);
    expect(recordingMails(buyer.email)).toHaveLength(1);
  });
});
