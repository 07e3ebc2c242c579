/**
 * What the meetings tests share: the app on a database with the Zoom stand-in configured, a clock
 * the test moves, people with sessions, buying through checkout and the test processor, and
 * running the meetings domain's queued jobs until none is due.
 */
import { expect } from 'vitest';
import { JobRunner } from '@api/jobs/runner';
import { zoomSyncJobs } from '@api/jobs/sync-zoom-meetings';
import { createLogger } from '@api/logger';
import { createCourse, createSession, createUser } from './factories';
import { startFakeZoom, type FakeZoom } from './fake-zoom';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTestServer, type TestServer } from './test-server';

export const ZOOM_CREDENTIALS = { accountId: 'acct-test', clientId: 'client-test', clientSecret: 'secret-test' };
export const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
export const JOB_NAMES = ['zoom-meeting-sync', 'zoom-registrant-sync'];

export interface MeetingsWorld {
  db: TestDatabase;
  api: TestServer;
  zoom: FakeZoom;
  clock: { now: Date };
  close(): Promise<void>;
}

export async function startMeetingsWorld(options: { zoom?: boolean } = {}): Promise<MeetingsWorld> {
  const db = await createTestDatabase();
  const zoom = await startFakeZoom(ZOOM_CREDENTIALS);
  const clock = { now: new Date('2026-11-21T12:00:00.000Z') };
  const api = await startTestServer(db.knex, {
    clock: () => clock.now,
    zoom: options.zoom === false ? undefined : { ...ZOOM_CREDENTIALS, apiUrl: zoom.apiUrl, oauthUrl: zoom.oauthUrl, baseDelayMs: 20, timeoutMs: 2000 },
  });
  return {
    db,
    api,
    zoom,
    clock,
    close: async () => {
      await api.close();
      await zoom.close();
      await db.destroy();
    },
  };
}

export async function person(w: MeetingsWorld, role = 'customer', extra: { permissions?: string[]; name?: string } = {}) {
  const user = await createUser(w.db.knex, { role, name: extra.name });
  if (extra.permissions)
    await w.db
      .knex('users')
      .where({ id: user.id })
      .update({ permissions: JSON.stringify(extra.permissions) });
  return { user, headers: { Authorization: `Bearer ${await createSession(w.db.knex, user.id)}` } };
}

/** A live webinar a week after the test's clock. */
export const liveWebinar = (w: MeetingsWorld, overrides: Parameters<typeof createCourse>[1] = {}) =>
  createCourse(w.db.knex, {
    type: 'live_webinar',
    priceCents: 10_000,
    startDate: '2026-11-28T15:00:00.000Z',
    duration: 90,
    timezone: 'US/Eastern',
    instructorName: 'Dr. Test',
    ...overrides,
  });

/** Buys one seat through checkout and the test processor, as a customer would; the order's id. */
export async function buy(w: MeetingsWorld, courseId: string, headers: Record<string, string>): Promise<string> {
  const intent = await w.api.request('POST', '/api/create-payment-intent', { courseIds: [courseId], amount: 100, items: [{ courseId, quantity: 1 }] }, headers);
  expect(intent.status, intent.text).toBe(200);
  const paid = await w.api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD });
  expect(paid.body.status).toBe('succeeded');
  return intent.body.orderId as string;
}

/** The meetings domain's queued-job runner (any number of them may run on one database). */
export const meetingRunner = (w: MeetingsWorld) =>
  new JobRunner({ knex: w.db.knex, logger: createLogger('silent'), clock: () => w.clock.now, pollMs: 10, queued: zoomSyncJobs(w.api.app.services) });

export const dueJobs = async (w: MeetingsWorld) =>
  Number(
    (
      await w.db
        .knex('queued_jobs')
        .whereIn('name', JOB_NAMES)
        .where((q) => q.where('status', 'queued').orWhere('status', 'running'))
        .where('run_at', '<=', w.clock.now.toISOString())
        .count('* as n')
    )[0]!.n,
  );

/** Runs the meetings jobs until none is due at the test's clock. */
export async function runMeetingJobs(w: MeetingsWorld, runner = meetingRunner(w)): Promise<void> {
  for (let round = 0; round < 50 && (await dueJobs(w)) > 0; round++) await runner.tick();
  expect(await dueJobs(w)).toBe(0);
}

export const registrants = (w: MeetingsWorld, courseId: string) =>
  w.db
    .knex('meeting_registrants')
    .join('meetings', 'meetings.id', 'meeting_registrants.meeting_id')
    .where('meetings.course_id', courseId)
    .select('meeting_registrants.*')
    .orderBy('meeting_registrants.email');

export const meetingRow = (w: MeetingsWorld, courseId: string) => w.db.knex('meetings').where({ course_id: courseId }).first();
