/**
 * Issue 30, points 1 and 2: for a course whose meeting is a link (Teams, Meet, Webex), the join log
 * is a source of attendance. An entitled attendee who opened their `/join/<token>` in its window
 * and has no report row has a row in the staff table, its CSV and their own attendance: joined at
 * the first click (not before the start), left unknown, 0 minutes, 0 credits, `joined_by_link`.
 * An imported report replaces it; a click refused (before T-30, a refunded seat) gives none, and a
 * right refunded after the click takes the row away. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES, JOIN_LOG_STATUS } from '@contracts/attendance';
import { NO_CREDIT_RULE_REASON } from '@contracts/credits';
import { zoomCsv } from './support/attendance-reports';
import { buy, liveWebinar, person, runMeetingJobs, startMeetingsWorld, type MeetingsWorld } from './support/meetings-setup';
import { testEngine } from './support/test-database';

let w: MeetingsWorld;
let admin: Record<string, string>;

beforeAll(async () => {
  w = await startMeetingsWorld();
  const staff = await person(w, 'admin');
  await w.db.knex('sessions').where({ user_id: staff.user.id }).update({ expires_at: '2099-01-01T00:00:00.000Z' });
  admin = staff.headers;
});
afterAll(async () => w?.close());

/** The webinar's session: 28 Nov 2026, 10:00–11:30 US/Eastern (15:00–16:30 UTC). */
const START = Date.parse('2026-11-28T15:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => {
  w.clock.now = new Date(ms);
};
const write = (method: string, path: string, body: unknown) => w.api.request(method, path, body, { ...admin, 'Idempotency-Key': crypto.randomUUID() });

async function customer(name: string) {
  const made = await person(w, 'customer', { name });
  await w.db.knex('sessions').where({ user_id: made.user.id }).update({ expires_at: '2099-01-01T00:00:00.000Z' });
  return { ...made, email: made.user.email.toLowerCase() };
}

/** A webinar held on a Teams link (or Zoom), with one buyer per name (their order and join token); `credited`: whole CPE credits per 50 minutes, else no rule. */
async function linkCourse(names: string[], provider: 'link' | 'zoom' = 'link', credited = true) {
  at(Date.parse('2026-11-21T12:00:00.000Z'));
  const course = await liveWebinar(w);
  if (credited)
    await w.db
      .knex('courses')
      .where({ id: course.id })
      .update({ credit_rules: JSON.stringify({ types: [{ kind: 'CPE' }], minutesPerCredit: 50, increment: 1, minPollRatio: 0 }) });
  const meeting = provider === 'link' ? { provider, joinUrl: 'https://teams.microsoft.com/l/meetup-join/log-test' } : { provider };
  const set = await write('PUT', `/api/courses/${course.id}/meeting`, meeting);
  expect(set.status, set.text).toBe(200);
  const buyers = [];
  for (const name of names) {
    const buyer = await customer(name);
    const orderId = await buy(w, course.id, buyer.headers);
    await runMeetingJobs(w);
    const view = await w.api.get(`/api/courses/${course.id}/join`, buyer.headers);
    expect(view.status, view.text).toBe(200);
    buyers.push({ ...buyer, orderId, token: /\/join\/([A-Za-z0-9_-]{43})$/.exec(view.body.joinUrl)![1]! });
  }
  return { course, buyers };
}

const click = async (token: string, ms: number) => {
  at(ms);
  return (await fetch(`${w.api.baseUrl}/join/${token}`, { redirect: 'manual' })).status;
};
const staffRows = async (courseId: string) => {
  const answer = await w.api.get(`/api/admin/courses/${courseId}/attendance`, admin);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as Array<Record<string, unknown>>;
};
const refund = async (orderId: string) => expect((await write('POST', `/api/admin/orders/${orderId}/refund`, { reason: 'Cannot attend' })).status).toBe(200);

describe(`attendance from the join log of a meeting by link (${testEngine()})`, () => {
  it('a click in the window gives the attendee a join-log row in the staff table, its CSV and their own attendance', async () => {
    const { course, buyers } = await linkCourse(['Early Ann', 'Late Ben', 'Idle Cy']);
    const [ann, ben, cy] = buyers;
    expect(await click(ann!.token, START - 20 * MINUTE)).toBe(302);
    expect(await click(ann!.token, START + 5 * MINUTE)).toBe(302);
    expect(await click(ben!.token, START + 15 * MINUTE)).toBe(302);

    const rows = await staffRows(course.id);
    expect(rows.map((r) => r.email)).toEqual([ann!.email, ben!.email].sort());
    const annRow = rows.find((r) => r.email === ann!.email);
    expect(annRow).toMatchObject({
      userId: ann!.user.id,
      name: 'Early Ann',
      joinedAt: new Date(START).toISOString(),
      leftAt: null,
      minutes: 0,
      pollsAnswered: 0,
      pollsAsked: 0,
      credits: [{ kind: 'CPE', amount: 0 }],
      status: JOIN_LOG_STATUS,
      reason: ATTENDANCE_MESSAGES.joinedByLink('Nov 28, 9:40 AM EST'),
      source: 'join_log',
    });
    expect(rows.find((r) => r.email === ben!.email)).toMatchObject({
      joinedAt: new Date(START + 15 * MINUTE).toISOString(),
      status: JOIN_LOG_STATUS,
      reason: 'Joined by link at Nov 28, 10:15 AM EST; no attendance report yet',
    });

    const csv = await (await fetch(`${w.api.baseUrl}/api/admin/courses/${course.id}/attendance?format=csv`, { headers: admin })).text();
    expect(csv).toContain(
      `${ann!.email},Early Ann,${new Date(START).toISOString()},,0,0,0,0 CPE,joined_by_link,"Joined by link at Nov 28, 9:40 AM EST; no attendance report yet"`,
    );
    expect(csv).not.toContain(cy!.email);

    const mine = await w.api.get(`/api/me/courses/${course.id}/attendance`, ann!.headers);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toEqual(annRow);
    const none = await w.api.get(`/api/me/courses/${course.id}/attendance`, cy!.headers);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(ATTENDANCE_MESSAGES.noAttendance);
  });

  it('a course without a credit rule: the join-log row lists no credits, and its report’s row awards none', async () => {
    const { course, buyers } = await linkCourse(['Uncredited Una'], 'link', false);
    const [una] = buyers;
    await click(una!.token, START + 2 * MINUTE);
    expect(await staffRows(course.id)).toMatchObject([{ email: una!.email, status: JOIN_LOG_STATUS, credits: [], source: 'join_log' }]);
    at(START + 3 * 60 * MINUTE);
    const report = zoomCsv([{ name: 'Uncredited Una', email: una!.email, join: '11/28/2026 10:00:00 AM', leave: '11/28/2026 11:00:00 AM' }]);
    const imported = await fetch(`${w.api.baseUrl}/api/admin/courses/${course.id}/attendance/import`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'text/csv' },
      body: report,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, una!.headers)).body).toMatchObject({
      minutes: 60,
      credits: [],
      status: 'no_credit_rule',
      reason: NO_CREDIT_RULE_REASON,
    });
  });

  it('a report imported afterwards replaces the join-log row of the people it covers; the others keep theirs', async () => {
    const { course, buyers } = await linkCourse(['Report Ann', 'Logged Ben']);
    const [ann, ben] = buyers;
    await click(ann!.token, START - 5 * MINUTE);
    await click(ben!.token, START + 2 * MINUTE);
    expect((await staffRows(course.id)).map((r) => r.status)).toEqual([JOIN_LOG_STATUS, JOIN_LOG_STATUS]);

    at(START + 3 * 60 * MINUTE);
    const report = zoomCsv([{ name: 'Report Ann', email: ann!.email, join: '11/28/2026 10:00:00 AM', leave: '11/28/2026 11:00:00 AM' }]);
    const imported = await fetch(`${w.api.baseUrl}/api/admin/courses/${course.id}/attendance/import`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'text/csv' },
      body: report,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await imported.json()).toMatchObject({ matched: 1, unmatched: 0 });

    const rows = await staffRows(course.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.email === ann!.email)).toMatchObject({
      joinedAt: new Date(START).toISOString(),
      leftAt: new Date(START + 60 * MINUTE).toISOString(),
      minutes: 60,
      credits: [{ kind: 'CPE', amount: 1 }],
      status: 'earned',
      reason: null,
      source: 'csv',
    });
    expect(rows.find((r) => r.email === ben!.email)).toMatchObject({ status: JOIN_LOG_STATUS, source: 'join_log', minutes: 0 });
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, ann!.headers)).body).toMatchObject({ status: 'earned', minutes: 60 });
  });

  it('staff may adjust a join-log row: it keeps its id and reads "adjusted"', async () => {
    const { course, buyers } = await linkCourse(['Adjusted Ann']);
    await click(buyers[0]!.token, START + 1 * MINUTE);
    const [row] = await staffRows(course.id);
    at(START + 3 * 60 * MINUTE);
    const adjusted = await write('POST', `/api/admin/courses/${course.id}/attendance/${row!.id as string}/adjust`, {
      credits: [{ kind: 'CPE', amount: 1.5 }],
      reason: 'Stayed throughout, per the Teams host',
    });
    expect(adjusted.status, adjusted.text).toBe(200);
    expect(adjusted.body).toMatchObject({ id: row!.id, status: 'adjusted', credits: [{ kind: 'CPE', amount: 1.5 }], joinedAt: row!.joinedAt });
    const after = await staffRows(course.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: row!.id, status: 'adjusted', reason: 'Stayed throughout, per the Teams host', source: 'join_log' });
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, buyers[0]!.headers)).body).toMatchObject({ credits: [{ kind: 'CPE', amount: 1.5 }] });
  });

  it('a click before T-30 min or by a refunded seat gives no row; a refund after the click takes the row away', async () => {
    const { course, buyers } = await linkCourse(['Too Early', 'Refunded First', 'Refunded Later']);
    const [early, refundedFirst, refundedLater] = buyers;
    expect(await click(early!.token, START - 31 * MINUTE)).toBe(200);
    await refund(refundedFirst!.orderId);
    expect(await click(refundedFirst!.token, START)).toBe(403);
    expect(await click(refundedLater!.token, START + 10 * MINUTE)).toBe(302);
    expect((await staffRows(course.id)).map((r) => r.email)).toEqual([refundedLater!.email]);
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, early!.headers)).status).toBe(404);

    await refund(refundedLater!.orderId);
    expect(await staffRows(course.id)).toEqual([]);
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, refundedLater!.headers)).status).toBe(403);
  });

  it('a Zoom meeting’s clicks are no attendance: its report is fetched from Zoom', async () => {
    const { course, buyers } = await linkCourse(['Zoom Zoe'], 'zoom');
    expect(await click(buyers[0]!.token, START)).toBe(302);
    expect(await w.db.knex('join_clicks').where({ course_id: course.id })).toHaveLength(1);
    expect(await staffRows(course.id)).toEqual([]);
    expect((await w.api.get(`/api/me/courses/${course.id}/attendance`, buyers[0]!.headers)).status).toBe(404);
  });
});
