/**
 * Issue 30, point 1 (meetings), the queued registration against a Zoom that misbehaves: a 429
 * (Retry-After) then 200 leaves one registrant; 5xx beyond the client's retries fail the job,
 * which is retried with a backoff and registers once; one access token serves the whole run; and
 * two job runners on one database never register the same person twice.
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
    const sweep = () => meetingSweepJob(w.api.app.services).run({ now: w.clock.now, signal: new AbortController().signal, logger: createLogger('silent') });
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
});
