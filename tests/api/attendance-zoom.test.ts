/**
 * Issue 30's outcome end to end against the Zoom stand-in: a live webinar with the rule "CPE in
 * Regulatory Ethics, 0.5 increments, 75 % of polls" set through the course API, its Zoom meeting,
 * two buyers. After the end the sweep queues the fetch; while Zoom has no report yet the job waits
 * and retries; then X has 1.5 CPE and Y none, "20 min < 50 min; polls 17 % < 75 %", for staff and
 * for each of them. "Import now" (twice) changes nothing; a day later the late fetch runs once;
 * the meeting's deletion at Zoom leaves the attendance. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AFTER_END,
  fetchJobs,
  outcomeReport,
  participantCalls,
  runFetches,
  storedRows,
  sweepFetches,
  Y_REASON,
  zoomWebinar,
} from './support/attendance-zoom-setup';
import { meetingRow, person, runMeetingJobs, startMeetingsWorld, type MeetingsWorld } from './support/meetings-setup';
import { testEngine } from './support/test-database';

let w: MeetingsWorld;
let admin: Record<string, string>;

beforeAll(async () => {
  w = await startMeetingsWorld();
  admin = (await person(w, 'admin')).headers;
});
afterAll(async () => w?.close());

const meetingView = async (courseId: string) => (await w.api.get(`/api/courses/${courseId}/meeting`, admin)).body;

describe(`Zoom attendance, the outcome (${testEngine()})`, () => {
  it('X earns 1.5 CPE and Y nothing, with the reason; re-fetching changes nothing; the rows outlive the meeting', { timeout: 60_000 }, async () => {
    const { course, buyers, zoomId } = await zoomWebinar(w, admin);
    const [x, y] = buyers as [(typeof buyers)[0], (typeof buyers)[0]];
    expect((await meetingView(course.id)).attendance).toEqual({ lastFetchedAt: null, lastError: null, status: 'idle' });

    // Before the session's end (and its margin) the sweep queues nothing.
    w.clock.now = new Date(AFTER_END.getTime() - 5 * 60_000);
    await sweepFetches(w);
    expect(await fetchJobs(w)).toHaveLength(0);

    // After it, one fetch; Zoom has no report yet (404, 3001): the job waits and tries again.
    w.clock.now = AFTER_END;
    await sweepFetches(w);
    await sweepFetches(w);
    expect(await fetchJobs(w)).toHaveLength(1);
    await runFetches(w);
    expect(participantCalls(w, zoomId).map((r) => r.status)).toEqual([404]);
    const waiting = await meetingView(course.id);
    expect(waiting.attendance).toMatchObject({ lastFetchedAt: null, status: 'queued' });
    expect(waiting.attendance.lastError).toMatch(/not ready yet/);
    expect(await storedRows(w, course.id)).toHaveLength(0);

    // The report arrives; the retry after its backoff records it.
    outcomeReport(w, zoomId, x.user.email, y.user.email);
    w.clock.now = new Date(AFTER_END.getTime() + 61_000);
    await runFetches(w);
    const [request] = participantCalls(w, zoomId).slice(-1);
    expect(request).toMatchObject({ status: 200, query: { include_fields: 'registrant_id' } });
    expect(await meetingView(course.id)).toMatchObject({ attendance: { lastFetchedAt: w.clock.now.toISOString(), lastError: null, status: 'idle' } });

    const table = await w.api.get(`/api/admin/courses/${course.id}/attendance`, admin);
    expect(table.status, table.text).toBe(200);
    const byEmail: Record<string, { credits: Array<{ amount: number }> }> = Object.fromEntries(
      (table.body as Array<{ email: string; credits: Array<{ amount: number }> }>).map((row) => [row.email, row]),
    );
    expect(byEmail[x.user.email.toLowerCase()]).toMatchObject({
      minutes: 85,
      pollsAnswered: 5,
      pollsAsked: 6,
      credits: [{ kind: 'CPE', amount: 1.5 }],
      status: 'earned',
      reason: null,
      source: 'zoom',
    });
    expect(byEmail[y.user.email.toLowerCase()]).toMatchObject({ minutes: 20, pollsAnswered: 1, pollsAsked: 6, status: 'short', reason: Y_REASON });
    expect(byEmail[y.user.email.toLowerCase()]!.credits.every((c) => c.amount === 0)).toBe(true);
    const mineX = await w.api.get(`/api/me/courses/${course.id}/attendance`, x.headers);
    expect(mineX.body).toMatchObject({ minutes: 85, credits: [{ kind: 'CPE', amount: 1.5 }] });
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, y.headers)).body).toMatchObject({ minutes: 20, reason: Y_REASON });

    // "Import now", twice: nothing changes.
    const before = await storedRows(w, course.id);
    const first = await w.api.request('POST', `/api/admin/courses/${course.id}/attendance/fetch`, undefined, admin);
    expect(first.status, first.text).toBe(202);
    expect(first.body.jobId).toEqual(expect.any(String));
    expect((await meetingView(course.id)).attendance.status).toBe('queued');
    const second = await w.api.request('POST', `/api/admin/courses/${course.id}/attendance/fetch`, undefined, admin);
    expect(second.body.jobId).toBe(first.body.jobId);
    await runFetches(w);
    const secondPress = await w.api.request('POST', `/api/admin/courses/${course.id}/attendance/fetch`, undefined, admin);
    expect(secondPress.body.jobId).not.toBe(first.body.jobId);
    await runFetches(w);
    expect(await storedRows(w, course.id)).toEqual(before);
    expect((await w.api.get(`/api/admin/courses/${course.id}/attendance`, admin)).body).toEqual(table.body);

    // A day later the sweep fetches once more (rows Zoom adds late), once.
    w.clock.now = new Date(AFTER_END.getTime() + 24 * 60 * 60_000);
    await sweepFetches(w);
    await sweepFetches(w);
    expect((await fetchJobs(w)).map((job) => job.job_key.split(':')[1])).toEqual(['end', 'manual', 'manual', 'late']);
    await runFetches(w);
    expect(await storedRows(w, course.id)).toEqual(before);

    // The course is called off afterwards and its meeting deleted at Zoom: the attendance stays.
    expect((await w.api.request('DELETE', `/api/courses/${course.id}`, undefined, admin)).status).toBeLessThan(300);
    await runMeetingJobs(w);
    expect(w.zoom.meetings.has(zoomId)).toBe(false);
    expect((await meetingRow(w, course.id)).status).toBe('deleted');
    expect(await storedRows(w, course.id)).toEqual(before);
    expect((await w.api.get(`/api/admin/courses/${course.id}/attendance`, admin)).body).toEqual(table.body);
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, x.headers)).body).toMatchObject({ credits: [{ kind: 'CPE', amount: 1.5 }] });
  });
});
