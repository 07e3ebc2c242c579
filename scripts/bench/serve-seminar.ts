/**
 * The real app serving the built PWA (`dist/`) over a fresh bench database (the demo catalogue) with
 * a live seminar made through the API by a staff member (an admin), `holders` seat holders (each
 * with a seat, as a grant makes it) whose ticket codes are read as a holder reads them, through
 * `GET /api/me/courses/:id/ticket`, and a second seminar with one holder (another session's
 * ticket). Used by the check-in benchmark.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@api/app';
import type { TicketView } from '@contracts/check-in';
import { BENCH_AUTH_SECRET, benchPerson, createBenchDatabase } from './bench-database';

export interface ServedSeminar {
  /** `http://127.0.0.1:<port>` */
  base: string;
  courseId: string;
  title: string;
  /** The staff member's session token (localStorage `auth_token`). */
  staffToken: string;
  /** Each holder's ticket code as printed under its QR code, and their name. */
  holders: Array<{ code: string; name: string }>;
  /** A ticket of another seminar. */
  otherSessionCode: string;
  close(): Promise<void>;
}

export async function serveSeminar(staticRoot: string, holders: number): Promise<ServedSeminar> {
  const db = await createBenchDatabase('demo');
  const app = createApp({ knex: db.knex, mailer: { send: async () => undefined }, authSecret: BENCH_AUTH_SECRET, staticRoot });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const call = async <T>(token: string, method: string, url: string, body: unknown, expected: number): Promise<T> => {
    const answer = await fetch(base + url, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status !== expected) throw new Error(`${method} ${url} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };

  const staff = await benchPerson(db.knex, 'admin', 'bench-door@academy.test', 'Bench Door Staff');
  const seminar = async (title: string) =>
    call<{ id: string; title: string }>(
      staff.token,
      'POST',
      '/api/courses',
      {
        type: 'live_seminar',
        title,
        shortDescription: 'An in-person seminar',
        instructorName: 'Dr. Ada Lane',
        price: '250',
        startDate: '2027-05-04T09:00:00.000Z',
        endDate: '2027-05-04T17:00:00.000Z',
        duration: 480,
        timezone: 'Europe/Paris',
        location: 'Hôtel Lutetia, Paris',
      },
      201,
    );
  /** A seat holder of `courseId` (a granted seat), and their ticket as they read it. */
  const holder = async (courseId: string, n: number) => {
    const name = `Attendee ${String(n).padStart(3, '0')} ${crypto.randomBytes(2).toString('hex')}`;
    const { id, token } = await benchPerson(db.knex, 'customer', `attendee-${n}-${courseId.slice(0, 8)}@example.test`, name);
    const now = new Date().toISOString();
    await db
      .knex('entitlements')
      .insert({ id: crypto.randomUUID(), user_id: id, course_id: courseId, source: 'grant', source_id: crypto.randomUUID(), starts_at: now, created_at: now });
    const ticket = await call<TicketView>(token, 'GET', `/api/me/courses/${courseId}/ticket`, undefined, 200);
    if (ticket.holderName !== name) throw new Error(`The ticket is ${ticket.holderName}'s, not ${name}'s`);
    return { code: ticket.code, name };
  };

  const course = await seminar('GMP at the Door');
  const other = await seminar('GMP at the Door, second session');
  const seated: ServedSeminar['holders'] = [];
  for (let n = 1; n <= holders; n++) seated.push(await holder(course.id, n));
  const otherSession = await holder(other.id, 1);

  return {
    base,
    courseId: course.id,
    title: course.title,
    staffToken: staff.token,
    holders: seated,
    otherSessionCode: otherSession.code,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.destroy();
    },
  };
}
