/**
 * Issue 30, point 2 (personal join links): each buyer of a live webinar has their own
 * `/join/<token>`, which sends them (302) to their own Zoom registrant link from 30 minutes before
 * the start until the end, and logs that click; before and after it answers a page saying when it
 * opens or that the session is over, without logging. A guessed or altered token is a 404, a
 * refunded buyer's link a 403, and neither is logged. `GET /api/courses/:id/join` tells the
 * signed-in attendee their link and its window. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_MESSAGES } from '@contracts/join-links';
import { buy, liveWebinar, person, registrants, runMeetingJobs, startMeetingsWorld, type MeetingsWorld } from './support/meetings-setup';
import { testEngine } from './support/test-database';

let w: MeetingsWorld;
let admin: Record<string, string>;

beforeAll(async () => {
  w = await startMeetingsWorld();
  admin = (await person(w, 'admin')).headers;
});
afterAll(async () => w?.close());

const START = Date.parse('2026-11-28T15:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => {
  w.clock.now = new Date(ms);
};

/** A click as a browser makes it: the redirect is not followed. */
async function click(token: string, userAgent = 'Mozilla/5.0 (JoinLinkTest)') {
  const response = await fetch(`${w.api.baseUrl}/join/${token}`, { redirect: 'manual', headers: { 'User-Agent': userAgent } });
  return { status: response.status, location: response.headers.get('location'), text: await response.text(), headers: response.headers };
}

/** A customer whose session outlives the test's clock (the session is a week ahead of now). */
async function customer(extra: { name?: string } = {}) {
  const made = await person(w, 'customer', extra);
  await w.db.knex('sessions').where({ user_id: made.user.id }).update({ expires_at: '2099-01-01T00:00:00.000Z' });
  return made;
}

const joinView = (courseId: string, headers: Record<string, string>) => w.api.get(`/api/courses/${courseId}/join`, headers);
const tokenOf = (joinUrl: string) => /\/join\/([A-Za-z0-9_-]{43})$/.exec(joinUrl)![1]!;
const clicks = async (courseId: string) => w.db.knex('join_clicks').where({ course_id: courseId }).orderBy('clicked_at');
const attendanceRows = async (courseId: string) => Number((await w.db.knex('attendance').where({ course_id: courseId }).count('* as n'))[0]!.n);

async function zoomCourseWithBuyers(count: number) {
  const course = await liveWebinar(w);
  const set = await w.api.request('PUT', `/api/courses/${course.id}/meeting`, { provider: 'zoom' }, { ...admin, 'Idempotency-Key': crypto.randomUUID() });
  expect(set.status, set.text).toBe(200);
  await runMeetingJobs(w);
  const buyers = [];
  for (let i = 0; i < count; i++) {
    const buyer = await customer({ name: `Buyer ${i} Test` });
    const orderId = await buy(w, course.id, buyer.headers);
    buyers.push({ ...buyer, orderId });
  }
  await runMeetingJobs(w);
  return { course, buyers };
}

describe(`a personal join link's window (${testEngine()})`, () => {
  it('before T-30 min and after the end: a page, not the meeting; inside: 302 to the person’s own Zoom link, one click logged', async () => {
    at(Date.parse('2026-11-21T12:00:00.000Z'));
    const { course, buyers } = await zoomCourseWithBuyers(2);
    const [x, y] = buyers;
    const rows = await registrants(w, course.id);
    const zoomUrlOf = (userId: string) => rows.find((r) => r.user_id === userId)!.join_url as string;
    expect(zoomUrlOf(x!.user.id)).not.toBe(zoomUrlOf(y!.user.id));

    const view = await joinView(course.id, x!.headers);
    expect(view.status, view.text).toBe(200);
    expect(view.body).toMatchObject({
      status: 'not_yet',
      opensAt: new Date(START - 30 * MINUTE).toISOString(),
      endsAt: new Date(START + 90 * MINUTE).toISOString(),
    });
    expect(view.body.joinUrl).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/);
    // The contract's words, the opening time in the course's zone (the "Join session" button's note shows them as they are).
    expect(view.body.message).toMatch(/^Opens \w+day, \w+ \d{1,2}, \d{4},? (at )?\d{1,2}:\d{2}\s[AP]M \S+, 30 minutes before the start\.$/);
    const xToken = tokenOf(view.body.joinUrl);
    const yToken = tokenOf((await joinView(course.id, y!.headers)).body.joinUrl);
    expect(yToken).not.toBe(xToken);
    // Asked again: the same link.
    expect(tokenOf((await joinView(course.id, x!.headers)).body.joinUrl)).toBe(xToken);
    // Only the token's hash is stored.
    const stored = await w.db.knex('join_links').where({ course_id: course.id });
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(xToken);

    at(START - 31 * MINUTE);
    const early = await click(xToken);
    expect(early.status).toBe(200);
    expect(early.location).toBeNull();
    expect(early.headers.get('content-type')).toContain('text/html');
    expect(early.headers.get('cache-control')).toBe('no-store');
    expect(early.text).toContain('Not open yet');
    expect(early.text).toContain(view.body.message);
    expect(early.text).toContain(course.title);
    expect(await clicks(course.id)).toHaveLength(0);

    at(START - 29 * MINUTE);
    expect((await joinView(course.id, x!.headers)).body.status).toBe('open');
    const open = await click(xToken, 'Mozilla/5.0 (X laptop)');
    expect(open.status).toBe(302);
    expect(open.location).toBe(zoomUrlOf(x!.user.id));
    expect(open.headers.get('cache-control')).toBe('no-store');
    const logged = await clicks(course.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ user_id: x!.user.id, clicked_at: new Date(START - 29 * MINUTE).toISOString(), user_agent: 'Mozilla/5.0 (X laptop)' });
    // A HEAD (a mail scanner's check) is answered alike but is no click.
    const head = await fetch(`${w.api.baseUrl}/join/${xToken}`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(302);
    expect(await clicks(course.id)).toHaveLength(1);
    // Y's own link goes to Y's own registration.
    at(START + 10 * MINUTE);
    expect((await click(yToken)).location).toBe(zoomUrlOf(y!.user.id));
    expect((await clicks(course.id)).map((c) => c.user_id)).toEqual([x!.user.id, y!.user.id]);

    at(START + 90 * MINUTE);
    const ended = await click(xToken);
    expect(ended.status).toBe(200);
    expect(ended.location).toBeNull();
    expect(ended.text).toContain(JOIN_MESSAGES.ended);
    expect((await joinView(course.id, x!.headers)).body.status).toBe('ended');
    expect(await clicks(course.id)).toHaveLength(2);
    expect(await attendanceRows(course.id)).toBe(0);
  });
});

describe(`refused clicks (${testEngine()})`, () => {
  it('a guessed or altered token is a 404, a refunded buyer’s link a 403; nothing is logged', async () => {
    at(Date.parse('2026-11-21T12:00:00.000Z'));
    const { course, buyers } = await zoomCourseWithBuyers(2);
    const [x, refunded] = buyers;
    const xToken = tokenOf((await joinView(course.id, x!.headers)).body.joinUrl);
    const refundedToken = tokenOf((await joinView(course.id, refunded!.headers)).body.joinUrl);
    const refund = await w.api.request(
      'POST',
      `/api/admin/orders/${refunded!.orderId}/refund`,
      { reason: 'Cannot attend' },
      { ...admin, 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(refund.status, refund.text).toBe(200);

    at(START - 5 * MINUTE);
    const flip = (ch: string) => (ch === 'A' ? 'B' : 'A');
    const altered = [xToken.slice(0, -1) + flip(xToken.slice(-1)), flip(xToken[0]!) + xToken.slice(1), xToken.slice(0, 42)];
    const guessed = [crypto.randomBytes(32).toString('base64url'), 'a'.repeat(43), '../../api/health', `${xToken}x`];
    for (const token of [...altered, ...guessed]) {
      const answer = await click(encodeURIComponent(token));
      expect(answer.status, token).toBe(404);
      expect(answer.location).toBeNull();
      if (answer.headers.get('content-type')?.includes('text/html')) expect(answer.text).toContain('Link not found');
    }
    const revoked = await click(refundedToken);
    expect(revoked.status).toBe(403);
    expect(revoked.location).toBeNull();
    expect(revoked.text).toContain(JOIN_MESSAGES.revoked);
    expect((await joinView(course.id, refunded!.headers)).status).toBe(403);
    expect(await clicks(course.id)).toHaveLength(0);
    expect(await attendanceRows(course.id)).toBe(0);
    // The rightful link still works.
    expect((await click(xToken)).status).toBe(302);
    expect(await clicks(course.id)).toHaveLength(1);
  });

  it('GET /api/courses/:id/join: 401 signed out, 403 for someone without the course, 404 for no course; no_meeting and preparing say so', async () => {
    at(Date.parse('2026-11-21T12:00:00.000Z'));
    const { course } = await zoomCourseWithBuyers(0);
    expect((await joinView(course.id, {})).status).toBe(401);
    const stranger = await customer();
    expect((await joinView(course.id, stranger.headers)).status).toBe(403);
    expect((await joinView(crypto.randomUUID(), stranger.headers)).status).toBe(404);
    expect(await w.db.knex('join_links').where({ course_id: course.id })).toHaveLength(0);

    // A buyer whose Zoom registration is not made yet (the job has not run): being prepared, no redirect.
    const late = await customer();
    await buy(w, course.id, late.headers);
    at(START - 10 * MINUTE);
    const preparing = await joinView(course.id, late.headers);
    expect(preparing.body).toMatchObject({ status: 'preparing', message: JOIN_MESSAGES.preparing });
    const page = await click(tokenOf(preparing.body.joinUrl));
    expect(page.status).toBe(200);
    expect(page.text).toContain(JOIN_MESSAGES.preparing);
    await runMeetingJobs(w);
    expect((await click(tokenOf(preparing.body.joinUrl))).status).toBe(302);
    expect(await clicks(course.id)).toHaveLength(1);

    // A live course without a meeting: no link.
    at(Date.parse('2026-11-21T12:00:00.000Z'));
    const bare = await liveWebinar(w);
    await buy(w, bare.id, late.headers);
    expect((await joinView(bare.id, late.headers)).body).toMatchObject({ joinUrl: null, status: 'no_meeting', message: JOIN_MESSAGES.noMeeting });
  });

  it('a meeting by link: the link is where the attendee goes', async () => {
    at(Date.parse('2026-11-21T12:00:00.000Z'));
    const course = await liveWebinar(w);
    const meetingUrl = 'https://teams.microsoft.com/l/meetup-join/personal-test';
    const set = await w.api.request(
      'PUT',
      `/api/courses/${course.id}/meeting`,
      { provider: 'link', joinUrl: meetingUrl },
      { ...admin, 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(set.status).toBe(200);
    const buyer = await customer();
    await buy(w, course.id, buyer.headers);
    at(START);
    const view = await joinView(course.id, buyer.headers);
    expect(view.body.status).toBe('open');
    expect(await click(tokenOf(view.body.joinUrl))).toMatchObject({ status: 302, location: meetingUrl });
  });
});
