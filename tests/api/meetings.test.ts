/**
 * Issue 30, point 1 (meetings): staff choose Zoom or a link for a live course. With Zoom the
 * server creates the meeting at the stand-in (`support/fake-zoom.ts`) with the course's title and
 * session, then registers every entitled buyer once, each with a personal join link it keeps; a
 * later buyer is registered, a refund cancels at Zoom, a new date PATCHes the meeting and an
 * archived course deletes it. Who may do it, and bad input: a 400 that changes nothing.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_MESSAGES } from '@contracts/meetings';
import { createCourse } from './support/factories';
import { buy, liveWebinar, meetingRow, person, registrants, runMeetingJobs, startMeetingsWorld, type MeetingsWorld } from './support/meetings-setup';
import { testEngine } from './support/test-database';

let w: MeetingsWorld;
let admin: Record<string, string>;

beforeAll(async () => {
  w = await startMeetingsWorld();
  admin = (await person(w, 'admin')).headers;
});
afterAll(async () => w?.close());

const put = (courseId: string, body: unknown, headers = admin) => w.api.request('PUT', `/api/courses/${courseId}/meeting`, body, headers);
const counts = async () => ({
  meetings: Number((await w.db.knex('meetings').count('* as n'))[0]!.n),
  jobs: Number((await w.db.knex('queued_jobs').count('* as n'))[0]!.n),
  audits: Number((await w.db.knex('audit_entries').count('* as n'))[0]!.n),
});

describe(`who may set a meeting (${testEngine()})`, () => {
  it('staff who manage courses; customers 403, anonymous 401', async () => {
    const course = await liveWebinar(w);
    const link = { provider: 'link', joinUrl: 'https://teams.microsoft.com/l/meetup-join/abc' };
    expect((await put(course.id, link, {})).status).toBe(401);
    expect((await w.api.get(`/api/courses/${course.id}/meeting`)).status).toBe(401);
    for (const who of [
      await person(w, 'customer'),
      await person(w, 'contributor', { permissions: [] }),
      await person(w, 'contributor', { permissions: ['order-management'] }),
    ]) {
      expect((await put(course.id, link, who.headers)).status).toBe(403);
      expect((await w.api.get(`/api/courses/${course.id}/meeting`, who.headers)).status).toBe(403);
    }
    expect((await meetingRow(w, course.id)) ?? null).toBeNull();
    expect((await w.api.get(`/api/courses/${course.id}/meeting`, admin)).body).toEqual({ message: MEETING_MESSAGES.noMeeting });
    const contributor = await person(w, 'contributor', { permissions: ['course-management'] });
    const set = await put(course.id, link, contributor.headers);
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({
      provider: 'link',
      status: 'ready',
      joinUrl: link.joinUrl,
      registrants: { pending: 0, registered: 0, cancelled: 0, failed: 0 },
    });
    const read = await w.api.get(`/api/courses/${course.id}/meeting`, admin);
    expect(read.body).toEqual(set.body);
    expect((await w.api.get(`/api/courses/${crypto.randomUUID()}/meeting`, admin)).status).toBe(404);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const course = await liveWebinar(w);
    const recorded = await createCourse(w.db.knex, { type: 'recorded_course' });
    const undated = await liveWebinar(w, { startDate: null });
    const before = await counts();
    const bad: Array<[string, unknown, string?]> = [
      [recorded.id, { provider: 'link', joinUrl: 'https://meet.google.com/abc-defg-hij' }, MEETING_MESSAGES.liveOnly],
      [recorded.id, { provider: 'zoom' }, MEETING_MESSAGES.liveOnly],
      [course.id, { provider: 'link' }, MEETING_MESSAGES.joinUrlRequired],
      [course.id, { provider: 'link', joinUrl: 'http://meet.example.com/x' }, MEETING_MESSAGES.joinUrlHttps],
      [course.id, { provider: 'link', joinUrl: 'javascript:alert(1)' }, MEETING_MESSAGES.joinUrlHttps],
      [course.id, { provider: 'link', joinUrl: 'not a url' }, MEETING_MESSAGES.joinUrlHttps],
      [course.id, { provider: 'zoom', joinUrl: 'https://zoom.us/j/1' }, MEETING_MESSAGES.joinUrlForZoom],
      [course.id, { provider: 'webex' }],
      [course.id, { provider: 'link', joinUrl: 'https://x.example/' + 'a'.repeat(1000) }],
      [course.id, { provider: 'zoom', extra: true }],
      [course.id, 'zoom'],
      [undated.id, { provider: 'zoom' }, MEETING_MESSAGES.noDate],
    ];
    for (const [id, body, message] of bad) {
      const answer = await put(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (message) expect(answer.body.message).toContain(message);
    }
    expect(await counts()).toEqual(before);
    expect(w.zoom.requests).toHaveLength(0);
  });
});

describe(`a Zoom meeting (${testEngine()})`, () => {
  it('is created with the course’s session, every buyer registered once with a personal link; later buyers, refunds, a new date and the archive follow', async () => {
    const course = await liveWebinar(w, { title: 'GMP Annex 1 Live' });
    const buyers = [
      await person(w, 'customer', { name: 'Ann Lee' }),
      await person(w, 'customer', { name: 'Bo' }),
      await person(w, 'customer', { name: 'Cy Van Dam' }),
    ];
    const orders = [];
    for (const b of buyers) orders.push(await buy(w, course.id, b.headers));

    const set = await put(course.id, { provider: 'zoom' });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ provider: 'zoom', status: 'creating', joinUrl: null });
    await runMeetingJobs(w);

    const created = w.zoom.requestsTo('POST', '/v2/users/me/meetings');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toEqual({
      agenda: `Live session [ref ${(await meetingRow(w, course.id)).id}]`,
      topic: 'GMP Annex 1 Live',
      type: 2,
      start_time: '2026-11-28T15:00:00Z',
      duration: 90,
      timezone: 'US/Eastern',
      settings: { approval_type: 0, registration_type: 1 },
    });
    const meeting = await meetingRow(w, course.id);
    expect(meeting).toMatchObject({ status: 'ready', provider_meeting_id: String(w.zoom.meetings.values().next().value!.id) });
    const zoomId = meeting.provider_meeting_id as string;
    const rows = await registrants(w, course.id);
    expect(rows.map((r) => r.status)).toEqual(['registered', 'registered', 'registered']);
    expect(rows.map((r) => r.email).sort()).toEqual(buyers.map((b) => b.user.email.toLowerCase()).sort());
    const atZoom = w.zoom.registrants(zoomId);
    expect(atZoom).toHaveLength(3);
    for (const row of rows) {
      const theirs = atZoom.find((r) => r.email === row.email)!;
      expect(row.join_url).toBe(theirs.joinUrl);
      expect(row.provider_registrant_id).toBe(theirs.id);
    }
    expect(new Set(rows.map((r) => r.join_url)).size).toBe(3);
    expect(atZoom.find((r) => r.email === buyers[2]!.user.email.toLowerCase())).toMatchObject({ firstName: 'Cy', lastName: 'Van Dam' });
    expect(w.zoom.requestsTo('POST', `/v2/meetings/${zoomId}/registrants`).filter((r) => r.status === 201)).toHaveLength(3);
    expect((await w.api.get(`/api/courses/${course.id}/meeting`, admin)).body).toMatchObject({
      status: 'ready',
      providerMeetingId: zoomId,
      registrants: { registered: 3, pending: 0, cancelled: 0, failed: 0 },
    });

    // Saved again: nothing new at Zoom.
    expect((await put(course.id, { provider: 'zoom' })).status).toBe(200);
    await runMeetingJobs(w);
    expect(w.zoom.requestsTo('POST', '/v2/users/me/meetings')).toHaveLength(1);

    // A later buyer is registered; a refund cancels at Zoom.
    const later = await person(w, 'customer', { name: 'Dee Late' });
    await buy(w, course.id, later.headers);
    const refund = await w.api.request(
      'POST',
      `/api/admin/orders/${orders[0]}/refund`,
      { reason: 'Cannot attend' },
      { ...admin, 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(refund.status, refund.text).toBeLessThan(300);
    await runMeetingJobs(w);
    const after = await registrants(w, course.id);
    expect(after.find((r) => r.user_id === later.user.id)).toMatchObject({
      status: 'registered',
      join_url: w.zoom.registrants(zoomId).find((r) => r.email === later.user.email.toLowerCase())!.joinUrl,
    });
    expect(after.find((r) => r.user_id === buyers[0]!.user.id)).toMatchObject({ status: 'cancelled' });
    expect(after.find((r) => r.user_id === buyers[0]!.user.id)!.provider_cancelled_at).not.toBeNull();
    expect(w.zoom.registrants(zoomId).find((r) => r.email === buyers[0]!.user.email.toLowerCase())!.status).toBe('cancelled');
    const cancel = w.zoom.requestsTo('PUT', `/v2/meetings/${zoomId}/registrants/status`);
    expect(cancel.map((r) => r.body)).toEqual([
      {
        action: 'cancel',
        registrants: [{ id: after.find((r) => r.user_id === buyers[0]!.user.id)!.provider_registrant_id, email: buyers[0]!.user.email.toLowerCase() }],
      },
    ]);
    expect((await w.api.get(`/api/courses/${course.id}/meeting`, admin)).body.registrants).toEqual({ registered: 3, pending: 0, cancelled: 1, failed: 0 });

    // A new date: the meeting is PATCHed.
    const moved = await w.api.request('PUT', `/api/courses/${course.id}`, { startDate: '2026-12-02T16:30:00.000Z' }, admin);
    expect(moved.status, moved.text).toBe(200);
    await runMeetingJobs(w);
    const patches = w.zoom.requestsTo('PATCH', `/v2/meetings/${zoomId}`);
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toMatchObject({ start_time: '2026-12-02T16:30:00Z', duration: 90, topic: 'GMP Annex 1 Live' });
    expect(w.zoom.meetings.get(zoomId)!.start_time).toBe('2026-12-02T16:30:00Z');

    // The course is called off (archived: it has buyers): the meeting is deleted at Zoom.
    const removed = await w.api.request('DELETE', `/api/courses/${course.id}`, undefined, admin);
    expect(removed.status, removed.text).toBeLessThan(300);
    await runMeetingJobs(w);
    expect(w.zoom.requestsTo('DELETE', `/v2/meetings/${zoomId}`)).toHaveLength(1);
    expect(w.zoom.meetings.has(zoomId)).toBe(false);
    expect((await meetingRow(w, course.id)).status).toBe('deleted');
    expect((await registrants(w, course.id)).every((r) => r.status === 'cancelled')).toBe(true);
  });

  it('switching a Zoom course to a link deletes the Zoom meeting; a link needs no Zoom call', async () => {
    const course = await liveWebinar(w);
    await put(course.id, { provider: 'zoom' });
    await runMeetingJobs(w);
    const zoomId = (await meetingRow(w, course.id)).provider_meeting_id as string;
    const calls = w.zoom.requests.length;
    const link = await put(course.id, { provider: 'link', joinUrl: 'https://meet.google.com/abc-defg-hij' });
    expect(link.body).toMatchObject({ provider: 'link', status: 'ready', joinUrl: 'https://meet.google.com/abc-defg-hij', providerMeetingId: null });
    await runMeetingJobs(w);
    expect(w.zoom.requests.slice(calls).map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v2/meetings/${zoomId}`]);
  });
});

describe(`without Zoom settings (${testEngine()})`, () => {
  it('answers a clear message and changes nothing; links still work', async () => {
    const bare = await startMeetingsWorld({ zoom: false });
    try {
      const staff = (await person(bare, 'admin')).headers;
      const course = await liveWebinar(bare);
      const answer = await bare.api.request('PUT', `/api/courses/${course.id}/meeting`, { provider: 'zoom' }, staff);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(MEETING_MESSAGES.zoomNotConfigured);
      expect(await meetingRow(bare, course.id)).toBeUndefined();
      const link = await bare.api.request('PUT', `/api/courses/${course.id}/meeting`, { provider: 'link', joinUrl: 'https://teams.microsoft.com/x' }, staff);
      expect(link.status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
