/**
 * Issue 30, point 3: the Zoom attendance fetch against a stand-in that misbehaves, and who may ask
 * for it. 429 then 200 is one import; 5xx beyond the client's retries fails the job, retried after
 * its backoff, recorded once; a hanging Zoom times out and is retried; two runners fetch once; every
 * page of a long report is read; "Import now" during the session records the report so far, an
 * empty report records nothing; a report that never comes leaves the fetch `failed`; 409 without
 * a Zoom meeting. On SQLite and (TEST_MYSQL_URL) MariaDB, where runners claim with SKIP LOCKED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FETCH_MAX_ATTEMPTS } from '@api/services/meetings/meeting-jobs';
import { AFTER_END, fetchJobs, outcomeReport, participantCalls, runFetches, SESSION_START, storedRows, zoomWebinar } from './support/attendance-zoom-setup';
import { liveWebinar, meetingRunner, person, startMeetingsWorld, type MeetingsWorld } from './support/meetings-setup';
import { testEngine } from './support/test-database';

let w: MeetingsWorld;
let admin: Record<string, string>;

beforeAll(async () => {
  w = await startMeetingsWorld();
  admin = (await person(w, 'admin')).headers;
});
afterAll(async () => w?.close());

const BEFORE = new Date('2026-11-21T12:00:00.000Z');
const importNow = (courseId: string, headers = admin) => w.api.request('POST', `/api/admin/courses/${courseId}/attendance/fetch`, undefined, headers);
const view = async (courseId: string) => (await w.api.get(`/api/courses/${courseId}/meeting`, admin)).body.attendance;
const later = (ms: number) => (w.clock.now = new Date(w.clock.now.getTime() + ms));

/** A fresh course with the outcome's report at Zoom, the clock after its end. */
async function ended(report = true) {
  w.clock.now = BEFORE;
  const world = await zoomWebinar(w, admin);
  if (report) outcomeReport(w, world.zoomId, world.buyers[0]!.user.email, world.buyers[1]!.user.email);
  w.clock.now = AFTER_END;
  return world;
}

const pollAnswers = async (courseId: string) => Number((await w.db.knex('attendance_poll_answers').where({ course_id: courseId }).count('* as n'))[0]!.n);

describe(`fetching Zoom's report from a misbehaving Zoom (${testEngine()})`, () => {
  it('429 with Retry-After, then 200: one import in one attempt', async () => {
    const { course, zoomId } = await ended();
    w.zoom.failWith({ match: `GET /v2/report/meetings/${zoomId}/participants`, status: 429, retryAfterSeconds: 1, times: 1 });
    expect((await importNow(course.id)).status).toBe(202);
    await runFetches(w);
    expect(participantCalls(w, zoomId).map((r) => r.status)).toEqual([429, 200]);
    expect(await storedRows(w, course.id)).toHaveLength(2);
    expect(await pollAnswers(course.id)).toBe(6);
    expect(await fetchJobs(w).where('job_key', 'like', '%:manual:%').where('status', 'done')).not.toHaveLength(0);
    expect(await view(course.id)).toMatchObject({ status: 'idle', lastError: null });
  });

  it('5xx beyond the client’s retries: the job fails, waits its backoff, and records once', async () => {
    const { course, zoomId } = await ended();
    w.zoom.failWith({ match: `GET /v2/report/meetings/${zoomId}/participants`, status: 503, times: 4 });
    const { jobId } = (await importNow(course.id)).body;
    await runFetches(w);
    expect(await w.db.knex('queued_jobs').where({ id: jobId }).first()).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await view(course.id)).toMatchObject({ status: 'queued', lastFetchedAt: null, lastError: 'Internal Server Error' });
    expect(await storedRows(w, course.id)).toHaveLength(0);
    later(61_000);
    await runFetches(w);
    expect(await w.db.knex('queued_jobs').where({ id: jobId }).first()).toMatchObject({ status: 'done', attempts: 2 });
    expect(participantCalls(w, zoomId).map((r) => r.status)).toEqual([503, 503, 503, 503, 200]);
    expect(await storedRows(w, course.id)).toHaveLength(2);
    expect(await view(course.id)).toMatchObject({ status: 'idle', lastError: null, lastFetchedAt: w.clock.now.toISOString() });
  });

  it('a Zoom that hangs: the request times out and is tried again', { timeout: 20_000 }, async () => {
    const { course, zoomId } = await ended();
    w.zoom.failWith({ match: `GET /v2/report/meetings/${zoomId}/polls`, status: 'hang', times: 1 });
    await importNow(course.id);
    await runFetches(w);
    expect(await storedRows(w, course.id)).toHaveLength(2);
    expect(await pollAnswers(course.id)).toBe(6);
  });

  it('two runners on one database fetch the report once', async () => {
    const { course, zoomId } = await ended();
    await importNow(course.id);
    const [one, two] = [meetingRunner(w), meetingRunner(w)];
    await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
    await runFetches(w);
    expect(participantCalls(w, zoomId)).toHaveLength(1);
    expect(w.zoom.requestsTo('GET', `/v2/report/meetings/${zoomId}/polls`)).toHaveLength(1);
    expect(await storedRows(w, course.id)).toHaveLength(2);
  });

  it('reads every page of a long report; people nobody bought with are kept for staff', async () => {
    const { course, zoomId } = await ended();
    const at = (m: number) => new Date(Date.parse(SESSION_START) + m * 60_000).toISOString();
    w.zoom.addParticipants(
      zoomId,
      Array.from({ length: 650 }, (_, i) => ({ name: `Guest ${i}`, user_email: `guest${i}@elsewhere.test`, join_time: at(5), leave_time: at(65) })),
    );
    await importNow(course.id);
    await runFetches(w);
    const pages = participantCalls(w, zoomId);
    expect(pages).toHaveLength(3);
    expect(pages.slice(1).every((p) => !!p.query.next_page_token)).toBe(true);
    expect(await storedRows(w, course.id)).toHaveLength(2);
    expect((await w.api.get(`/api/admin/courses/${course.id}/attendance/unmatched`, admin)).body).toHaveLength(650);
  });
});

describe(`"Import now" (${testEngine()})`, () => {
  it('during the session records the report so far; no report yet is retried, an empty one records nothing', async () => {
    const { course, buyers, zoomId } = await ended(false);
    w.clock.now = new Date(Date.parse(SESSION_START) + 45 * 60_000);
    // Zoom has no report for the meeting yet (404): the job waits and tries again.
    await importNow(course.id);
    await runFetches(w);
    expect(await view(course.id)).toMatchObject({ status: 'queued', lastError: expect.stringMatching(/not ready yet/) });
    // Then a report with nobody in it: nothing recorded, and the view says so.
    w.zoom.addParticipants(zoomId, []);
    later(61_000);
    await runFetches(w);
    expect(await storedRows(w, course.id)).toHaveLength(0);
    expect(await view(course.id)).toMatchObject({
      status: 'idle',
      lastFetchedAt: w.clock.now.toISOString(),
      lastError: expect.stringMatching(/no participants/),
    });
    const [x, y] = buyers as [(typeof buyers)[0], (typeof buyers)[0]];
    w.zoom.addParticipants(zoomId, [
      { name: 'Buyer X', user_email: x.user.email, join_time: SESSION_START, leave_time: new Date(Date.parse(SESSION_START) + 40 * 60_000).toISOString() },
    ]);
    await importNow(course.id);
    await runFetches(w);
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, x.headers)).body).toMatchObject({ minutes: 40 });
    w.clock.now = AFTER_END;
    outcomeReport(w, zoomId, x.user.email, y.user.email);
    await importNow(course.id);
    await runFetches(w);
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, x.headers)).body).toMatchObject({ minutes: 85 });
  });

  it('a report that never comes: retried with a growing backoff, then failed', { timeout: 30_000 }, async () => {
    const { course } = await ended(false);
    const { jobId } = (await importNow(course.id)).body;
    for (let attempt = 1; attempt <= FETCH_MAX_ATTEMPTS; attempt++) {
      await runFetches(w);
      later(31 * 60_000);
    }
    expect(await w.db.knex('queued_jobs').where({ id: jobId }).first()).toMatchObject({ status: 'dead', attempts: FETCH_MAX_ATTEMPTS });
    expect(await view(course.id)).toMatchObject({ status: 'failed', lastFetchedAt: null, lastError: expect.stringMatching(/not ready yet/) });
    // Pressed again, it starts over.
    await importNow(course.id);
    expect((await view(course.id)).status).toBe('queued');
  });

  it('409 without a Zoom meeting, 404 for no course, 403 for a customer', async () => {
    w.clock.now = BEFORE;
    const course = await liveWebinar(w);
    expect((await importNow(course.id)).status).toBe(409);
    const link = await w.api.request('PUT', `/api/courses/${course.id}/meeting`, { provider: 'link', joinUrl: 'https://meet.example.com/abc' }, admin);
    expect(link.status, link.text).toBe(200);
    expect(link.body.attendance).toEqual({ lastFetchedAt: null, lastError: null, status: 'idle' });
    const refused = await importNow(course.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/no Zoom meeting/);
    expect((await importNow('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const customer = await person(w, 'customer');
    expect((await importNow(course.id, customer.headers)).status).toBe(403);
    expect((await importNow(course.id, {})).status).toBe(401);
  });
});
