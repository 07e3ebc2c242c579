/**
 * Issue 30, point 1 (meetings), the queued registration against a Zoom that misbehaves: a 429
 * (Retry-After) then 200 leaves one registrant; 5xx beyond the client's retries fail the job,
 * which is retried with a backoff and registers once; one access token serves the whole run; two
 * job runners on one database never register the same person twice; and a registration that gave
 * up is queued again by the `meeting-registrations` sweep (30 min on, entitled attendees only,
 * until the session ends) and registers once.
 * On SQLite and (TEST_MYSQL_URL) MariaDB, where the runners claim with SKIP LOCKED.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingSweepJob } from '@api/jobs/sync-zoom-meetings';
import { createLogger } from '@api/logger';
import {
  buy,
  liveWebinar,
  meetingRow,
  meetingRunner,
  person,
  registrants,
  runMeetingJobs,
  startMeetingsWorld,
  type MeetingsWorld,
} from './support/meetings-setup';
import { testEngine } from './support/test-database';

let w: MeetingsWorld;
let admin: Record<string, string>;

beforeAll(async () => {
  w = await startMeetingsWorld();
  admin = (await person(w, 'admin')).headers;
});
afterAll(async () => w?.close());

/** A live webinar with `buyers` buyers and its Zoom meeting created (registrations queued, not run). */
async function zoomCourse(buyers: number) {
  const course = await liveWebinar(w);
  const people = [];
  for (let i = 0; i < buyers; i++) {
    const p = await person(w, 'customer', { name: `Buyer ${i}` });
    await buy(w, course.id, p.headers);
    people.push(p);
  }
  expect((await w.api.request('PUT', `/api/courses/${course.id}/meeting`, { provider: 'zoom' }, admin)).status).toBe(200);
  // The meeting's creation only (its queued job then finds nothing to do): registrations stay queued for the test.
  const meeting = await meetingRow(w, course.id);
  await w.api.app.services.zoomSync.syncMeeting({ meetingId: meeting.id, revision: meeting.revision }, { attempt: 1 });
  const zoomId = (await meetingRow(w, course.id)).provider_meeting_id as string;
  return { course, people, zoomId };
}

const successfulPosts = (zoomId: string) => w.zoom.requestsTo('POST', `/v2/meetings/${zoomId}/registrants`).filter((r) => r.status === 201);

/** The periodic `meeting-registrations` run, at the test's clock. */
const sweep = () => meetingSweepJob(w.api.app.services).run({ now: w.clock.now, signal: new AbortController().signal, logger: createLogger('silent') });

const MINUTE = 60_000;
const later = (from: string | Date, ms: number) => new Date(new Date(from).getTime() + ms);

/** Zoom answers 503 to every registration of `emails` at the meeting until told otherwise. */
const failRegistrations = (zoomId: string, emails: string[]) =>
  w.zoom.failWith({ match: (r) => r.method === 'POST' && r.path === `/v2/meetings/${zoomId}/registrants` && emails.includes(r.body?.email), status: 503 });

const registrationJob = (registrantId: string, revision: number) =>
  w.db
    .knex('queued_jobs')
    .where({ name: 'zoom-registrant-sync', job_key: `${registrantId}:${revision}` })
    .first();

/** Runs the jobs, waiting out each backoff (at most 10 min), until the registration of `registrantId` at `revision` has given up. */
async function untilGivenUp(registrantId: string, revision: number): Promise<string> {
  for (let round = 0; round < 20 && (await registrationJob(registrantId, revision))?.status !== 'dead'; round++) {
    await runMeetingJobs(w);
    w.clock.now = later(w.clock.now, 10 * MINUTE);
  }
  const job = await registrationJob(registrantId, revision);
  expect(job).toMatchObject({ status: 'dead', attempts: 8 });
  return job.finished_at as string;
}

const rowOf = async (courseId: string, email: string) => (await registrants(w, courseId)).find((r) => r.email === email)!;

describe(`registration against a misbehaving Zoom (${testEngine()})`, () => {
  it('429 with Retry-After, then 200: one registrant, one token for everything', async () => {
    const tokens = w.zoom.tokensIssued();
    const { course, people, zoomId } = await zoomCourse(1);
    w.zoom.failWith({ match: `POST /v2/meetings/${zoomId}/registrants`, status: 429, retryAfterSeconds: 1, times: 1 });
    await runMeetingJobs(w);
    const posts = w.zoom.requestsTo('POST', `/v2/meetings/${zoomId}/registrants`);
    expect(posts.map((r) => r.status)).toEqual([429, 201]);
    expect(w.zoom.registrants(zoomId)).toHaveLength(1);
    expect(await registrants(w, course.id)).toMatchObject([{ status: 'registered', email: people[0]!.user.email.toLowerCase(), attempts: 1 }]);
    // One token for the meeting's creation and the registration (the app's one client).
    expect(w.zoom.tokensIssued() - tokens).toBe(1);
  });

  it('5xx beyond the client’s retries: the job fails, is retried after its backoff, and registers once', async () => {
    const { course, zoomId } = await zoomCourse(1);
    w.zoom.failWith({ match: `POST /v2/meetings/${zoomId}/registrants`, status: 503, times: 4 });
    await runMeetingJobs(w);
    const [row] = await registrants(w, course.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Internal Server Error' });
    const job = await w.db.knex('queued_jobs').where({ name: 'zoom-registrant-sync' }).where('status', 'queued').first();
    expect(Date.parse(job.run_at)).toBeGreaterThan(w.clock.now.getTime());
    w.clock.now = new Date(w.clock.now.getTime() + 10_000);
    await runMeetingJobs(w);
    expect(await registrants(w, course.id)).toMatchObject([{ status: 'registered', attempts: 2, last_error: null }]);
    expect(successfulPosts(zoomId)).toHaveLength(1);
    expect(w.zoom.requestsTo('POST', `/v2/meetings/${zoomId}/registrants`).map((r) => r.status)).toEqual([503, 503, 503, 503, 201]);
  });

  it('a Zoom that hangs: the request times out and the job retries', async () => {
    const { course, zoomId } = await zoomCourse(1);
    w.zoom.failWith({ match: `POST /v2/meetings/${zoomId}/registrants`, status: 'hang', times: 1 });
    await runMeetingJobs(w);
    expect(await registrants(w, course.id)).toMatchObject([{ status: 'registered' }]);
    expect(successfulPosts(zoomId)).toHaveLength(1);
  });

  it('two runners on one database register each person exactly once', { timeout: 90_000 }, async () => {
    const { course, people, zoomId } = await zoomCourse(12);
    // Every buyer's registration is queued once, whoever asks again.
    const again = await w.api.request('PUT', `/api/courses/${course.id}/meeting`, { provider: 'zoom' }, admin);
    expect(again.body.registrants).toMatchObject({ pending: 12 });
    const [one, two] = [meetingRunner(w), meetingRunner(w)];
    for (let round = 0; round < 20; round++) {
      await Promise.all([one.tick(), two.tick()]);
      if ((await registrants(w, course.id)).every((r) => r.status === 'registered')) break;
    }
    const rows = await registrants(w, course.id);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === 'registered')).toBe(true);
    const posts = successfulPosts(zoomId);
    expect(posts).toHaveLength(12);
    expect(new Set(posts.map((p) => p.body!.email)).size).toBe(12);
    expect(new Set(rows.map((r) => r.join_url)).size).toBe(12);
    expect(rows.map((r) => r.email).sort()).toEqual(people.map((p) => p.user.email.toLowerCase()).sort());
  });

  it('the sweep registers a person granted access by staff, cancels them when revoked, and registers them again when granted again', async () => {
    const { course, zoomId } = await zoomCourse(0);
    const learner = await person(w, 'customer', { name: 'Gia Granted' });
    const keyed = { ...admin, 'Idempotency-Key': crypto.randomUUID() };
    const granted = await w.api.request('POST', '/api/admin/entitlements', { email: learner.user.email, courseId: course.id }, keyed);
    expect(granted.status, granted.text).toBe(201);
    await sweep();
    await runMeetingJobs(w);
    expect(await registrants(w, course.id)).toMatchObject([{ status: 'registered', revision: 1 }]);
    const revoked = await w.api.request(
      'POST',
      `/api/admin/entitlements/${granted.body.id}/revoke`,
      { reason: 'Left the company' },
      { ...admin, 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(revoked.status, revoked.text).toBe(200);
    await sweep();
    await runMeetingJobs(w);
    expect(await registrants(w, course.id)).toMatchObject([{ status: 'cancelled', revision: 2 }]);
    expect(w.zoom.registrants(zoomId)[0]!.status).toBe('cancelled');
    await w.api.request(
      'POST',
      '/api/admin/entitlements',
      { email: learner.user.email, courseId: course.id },
      { ...admin, 'Idempotency-Key': crypto.randomUUID() },
    );
    await sweep();
    await sweep();
    await runMeetingJobs(w);
    const [row] = await registrants(w, course.id);
    expect(row).toMatchObject({ status: 'registered', revision: 3 });
    // Zoom keeps one registrant per e-mail: approved again, the same personal link.
    expect(w.zoom.registrants(zoomId)).toMatchObject([{ status: 'approved', joinUrl: row.join_url }]);
    expect(successfulPosts(zoomId)).toHaveLength(2);
  });

  it('a creation whose answer was lost: the retry finds the meeting Zoom made, none is made twice', async () => {
    const course = await liveWebinar(w, { title: 'Answer lost' });
    const buyer = await person(w, 'customer', { name: 'Lou Lost' });
    await buy(w, course.id, buyer.headers);
    w.zoom.failWith({ match: 'POST /v2/users/me/meetings', status: 504, afterProcessing: true, times: 1 });
    expect((await w.api.request('PUT', `/api/courses/${course.id}/meeting`, { provider: 'zoom' }, admin)).status).toBe(200);
    await runMeetingJobs(w);
    expect(await meetingRow(w, course.id)).toMatchObject({ status: 'creating', last_error: 'Internal Server Error' });
    w.clock.now = new Date(w.clock.now.getTime() + 10_000);
    await runMeetingJobs(w);
    const made = [...w.zoom.meetings.values()].filter((m) => m.topic === 'Answer lost');
    expect(made).toHaveLength(1);
    expect(await meetingRow(w, course.id)).toMatchObject({ status: 'ready', provider_meeting_id: String(made[0]!.id), last_error: null });
    expect(w.zoom.requestsTo('POST', '/v2/users/me/meetings').filter((r) => r.body?.topic === 'Answer lost')).toHaveLength(1);
    expect(await registrants(w, course.id)).toMatchObject([{ status: 'registered', email: buyer.user.email.toLowerCase() }]);
  });

  it('a registration that failed every attempt is queued again by the sweep 30 min after it gave up, registers once, and a second sweep changes nothing', async () => {
    const { course, people, zoomId } = await zoomCourse(2);
    const unlucky = people[0]!.user.email.toLowerCase();
    const postsFor = (email: string) => w.zoom.requestsTo('POST', `/v2/meetings/${zoomId}/registrants`).filter((r) => r.body?.email === email);
    failRegistrations(zoomId, [unlucky]);
    const failed = await rowOf(course.id, unlucky);
    const gaveUpAt = await untilGivenUp(failed.id, 1);
    expect(await rowOf(course.id, unlucky)).toMatchObject({ status: 'failed', revision: 1, attempts: 8, join_url: null, last_error: 'Internal Server Error' });
    expect(await rowOf(course.id, people[1]!.user.email.toLowerCase())).toMatchObject({ status: 'registered' });
    expect(w.zoom.registrants(zoomId)).toHaveLength(1);

    // Zoom is healthy again; before the 30 minutes are up, the sweep leaves the registration alone.
    w.zoom.failWith(null);
    w.clock.now = later(gaveUpAt, 29 * MINUTE);
    await sweep();
    await runMeetingJobs(w);
    expect(await rowOf(course.id, unlucky)).toMatchObject({ status: 'failed', revision: 1 });
    expect(await registrationJob(failed.id, 2)).toBeUndefined();

    // Then two sweeps overlap (two processes) and two runners share the queue: one registration at Zoom.
    w.clock.now = later(gaveUpAt, 30 * MINUTE);
    await Promise.all([sweep(), sweep()]);
    expect(await rowOf(course.id, unlucky)).toMatchObject({ status: 'pending', revision: 2, attempts: 0 });
    const [one, two] = [meetingRunner(w), meetingRunner(w)];
    await Promise.all([one.tick(), two.tick()]);
    await runMeetingJobs(w);
    const registered = await rowOf(course.id, unlucky);
    expect(registered).toMatchObject({ status: 'registered', revision: 2, attempts: 1, last_error: null });
    expect(postsFor(unlucky).filter((r) => r.status === 201)).toHaveLength(1);
    expect(w.zoom.registrants(zoomId)).toHaveLength(2);
    expect(w.zoom.registrants(zoomId).find((r) => r.email === unlucky)).toMatchObject({ status: 'approved', joinUrl: registered.join_url });

    // A second sweep, later still, changes nothing: no job, no call to Zoom, the rows as they were.
    const [rowsBefore, jobsBefore, callsBefore] = [await registrants(w, course.id), await w.db.knex('queued_jobs').count('* as n'), w.zoom.requests.length];
    w.clock.now = later(w.clock.now, 60 * MINUTE);
    await sweep();
    await runMeetingJobs(w);
    expect(await registrants(w, course.id)).toEqual(rowsBefore);
    expect(await w.db.knex('queued_jobs').count('* as n')).toEqual(jobsBefore);
    expect(w.zoom.requests.length).toBe(callsBefore);
  });

  it('the sweep retries only attendees still entitled, and not after the session has ended', async () => {
    const started = w.clock.now;
    try {
      const { course, people, zoomId } = await zoomCourse(1);
      const buyer = people[0]!.user.email.toLowerCase();
      const learner = await person(w, 'customer', { name: 'Rex Revoked' });
      const granted = await w.api.request(
        'POST',
        '/api/admin/entitlements',
        { email: learner.user.email, courseId: course.id },
        { ...admin, 'Idempotency-Key': crypto.randomUUID() },
      );
      expect(granted.status, granted.text).toBe(201);
      failRegistrations(zoomId, [buyer, learner.user.email.toLowerCase()]);
      await sweep();
      const [bought, revoked] = [await rowOf(course.id, buyer), await rowOf(course.id, learner.user.email.toLowerCase())];
      const gaveUpAt = [await untilGivenUp(bought.id, 1), await untilGivenUp(revoked.id, 1)].sort().at(-1)!;
      const revoke = await w.api.request(
        'POST',
        `/api/admin/entitlements/${granted.body.id}/revoke`,
        { reason: 'Left the company' },
        { ...admin, 'Idempotency-Key': crypto.randomUUID() },
      );
      expect(revoke.status, revoke.text).toBe(200);

      // Zoom still failing: the buyer's registration is queued again and gives up again; the revoked learner's is not.
      w.clock.now = later(gaveUpAt, 30 * MINUTE);
      await sweep();
      expect(await rowOf(course.id, buyer)).toMatchObject({ status: 'pending', revision: 2 });
      expect(await rowOf(course.id, learner.user.email.toLowerCase())).toMatchObject({ status: 'failed', revision: 1 });
      await untilGivenUp(bought.id, 2);

      // Zoom healthy, but the session (28 Nov, 15:00 UTC, 90 min) is over: nobody is queued again.
      w.zoom.failWith(null);
      w.clock.now = new Date('2026-11-28T16:31:00.000Z');
      await sweep();
      await runMeetingJobs(w);
      expect(await rowOf(course.id, buyer)).toMatchObject({ status: 'failed', revision: 2 });
      expect(await registrationJob(bought.id, 3)).toBeUndefined();
      expect(await registrationJob(revoked.id, 2)).toBeUndefined();
      expect(successfulPosts(zoomId)).toHaveLength(0);
    } finally {
      w.zoom.failWith(null);
      w.clock.now = started;
    }
  });
});
