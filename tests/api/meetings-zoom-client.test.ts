/**
 * Issue 30, point 1: the Zoom client (`api/integrations/zoom.ts`) against the local stand-in
 * (`support/fake-zoom.ts`): one shared token reused until shortly before it expires, a new one when
 * Zoom stops accepting it, retries of 429 (honouring Retry-After) and 5xx, a timeout, wrong
 * credentials refused, registrants deduplicated by e-mail, the participant report paged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZoomApiError, ZoomClient } from '@api/integrations/zoom';
import { startFakeZoom, type FakeZoom } from './support/fake-zoom';

const CREDENTIALS = { accountId: 'acct-1', clientId: 'client-1', clientSecret: 'secret-1' };
let zoom: FakeZoom;

beforeAll(async () => {
  zoom = await startFakeZoom(CREDENTIALS);
});
afterAll(async () => zoom?.close());

const client = (extra: Partial<ConstructorParameters<typeof ZoomClient>[0]> = {}) =>
  new ZoomClient({ ...CREDENTIALS, apiUrl: zoom.apiUrl, oauthUrl: zoom.oauthUrl, baseDelayMs: 10, ...extra });
const meetingBody = {
  topic: 'GMP Basics',
  type: 2 as const,
  start_time: '2030-01-10T15:00:00Z',
  duration: 90,
  timezone: 'UTC',
  settings: { approval_type: 0 as const, registration_type: 1 as const },
};

describe('Zoom client', () => {
  it('fetches one token for concurrent calls and reuses it', async () => {
    const before = zoom.tokensIssued();
    const c = client();
    const meetings = await Promise.all([c.createMeeting(meetingBody), c.createMeeting(meetingBody), c.createMeeting(meetingBody)]);
    await c.updateMeeting(String(meetings[0]!.id), { duration: 120 });
    expect(zoom.tokensIssued() - before).toBe(1);
    expect(new Set(meetings.map((m) => m.id)).size).toBe(3);
    expect(zoom.meetings.get(String(meetings[0]!.id))!.duration).toBe(120);
    const tokenCall = zoom.requestsTo('POST', '/oauth/token').at(-1)!;
    expect(tokenCall.query).toEqual({ grant_type: 'account_credentials', account_id: 'acct-1' });
    expect(tokenCall.authorization).toBe('Basic ' + Buffer.from('client-1:secret-1').toString('base64'));
  });

  it('fetches a new token shortly before expiry and when Zoom stops accepting it', async () => {
    let now = Date.now();
    const c = client({ now: () => now });
    const before = zoom.tokensIssued();
    await c.createMeeting(meetingBody);
    now += (3599 - 61) * 1000;
    await c.createMeeting(meetingBody);
    expect(zoom.tokensIssued() - before).toBe(1);
    now += 2000;
    await c.createMeeting(meetingBody);
    expect(zoom.tokensIssued() - before).toBe(2);
    zoom.revokeTokens();
    const meeting = await c.createMeeting(meetingBody);
    expect(meeting.id).toBeGreaterThan(0);
    expect(zoom.tokensIssued() - before).toBe(3);
  });

  it('refuses wrong credentials with Zoom’s reason, without retrying', async () => {
    const calls = zoom.requestsTo('POST', '/oauth/token').length;
    const error = await client({ clientSecret: 'wrong' })
      .createMeeting(meetingBody)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZoomApiError);
    expect((error as ZoomApiError).status).toBe(401);
    expect((error as ZoomApiError).message).toBe('Invalid client_id or client_secret');
    expect(zoom.requestsTo('POST', '/oauth/token').length - calls).toBe(1);
  });

  it('retries 429 after Retry-After and 5xx with backoff', async () => {
    const c = client();
    const meeting = await c.createMeeting(meetingBody);
    const path = `/v2/meetings/${meeting.id}/registrants`;
    zoom.failWith({ match: `POST ${path}`, status: 429, retryAfterSeconds: 1, times: 1 });
    const started = Date.now();
    const first = await c.addRegistrant(String(meeting.id), { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    zoom.failWith({ match: `POST ${path}`, status: 503, times: 2 });
    const again = await c.addRegistrant(String(meeting.id), { email: 'ANN@example.com', firstName: 'Ann', lastName: 'Lee' });
    expect(zoom.requestsTo('POST', path).map((r) => r.status)).toEqual([429, 201, 503, 503, 201]);
    // The same e-mail is the same registrant with the same personal link.
    expect(again).toEqual(first);
    expect(zoom.registrants(meeting.id)).toHaveLength(1);
    expect(first.joinUrl).not.toBe(zoom.meetings.get(String(meeting.id))!.join_url);
  });

  it('gives up after its retries, and a creation only retries a 429', async () => {
    zoom.failWith({ match: 'POST /v2/users/me/meetings', status: 500, times: 1 });
    const error = (await client()
      .createMeeting(meetingBody)
      .catch((e: unknown) => e)) as ZoomApiError;
    expect(error.status).toBe(500);
    expect(error.retryable).toBe(true);
    zoom.failWith({ match: 'PATCH /v2/meetings/', status: 502 });
    const meeting = await client().createMeeting(meetingBody);
    const patches = () => zoom.requestsTo('PATCH', `/v2/meetings/${meeting.id}`).length;
    await expect(client({ maxRetries: 2 }).updateMeeting(String(meeting.id), { duration: 30 })).rejects.toMatchObject({ status: 502 });
    expect(patches()).toBe(3);
    zoom.failWith(null);
  });

  it('times out a request that hangs, then succeeds on the retry', async () => {
    const meeting = await client().createMeeting(meetingBody);
    zoom.failWith({ match: `PATCH /v2/meetings/${meeting.id}`, status: 'hang', times: 1 });
    await client({ timeoutMs: 300 }).updateMeeting(String(meeting.id), { topic: 'Renamed' });
    expect(zoom.meetings.get(String(meeting.id))!.topic).toBe('Renamed');
    await expect(client({ timeoutMs: 300, maxRetries: 0 }).deleteMeeting('1')).resolves.toBe(false);
  });

  it('cancels registrants and pages the participant report with registrant ids', async () => {
    const c = client();
    const meeting = await c.createMeeting(meetingBody);
    const id = String(meeting.id);
    const ann = await c.addRegistrant(id, { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' });
    await c.setRegistrantStatus(id, 'cancel', [{ id: ann.registrantId, email: 'ann@example.com' }]);
    expect(zoom.registrants(id)[0]!.status).toBe('cancelled');
    const join = (minute: number) => new Date(Date.parse('2030-01-10T15:00:00Z') + minute * 60_000).toISOString();
    zoom.addParticipants(
      id,
      Array.from({ length: 7 }, (_, i) => ({
        name: `P${i}`,
        user_email: `p${i % 3}@example.com`,
        join_time: join(i),
        leave_time: join(i + 10),
        registrant_id: `r${i % 3}`,
      })),
    );
    const pages: number[] = [];
    for await (const page of c.participants(id)) pages.push(page.length);
    expect(pages).toEqual([7]);
    const first = await c.participantsPage(id, { pageSize: 3 });
    expect(first.participants).toHaveLength(3);
    expect(first.participants[0]).toMatchObject({ user_email: 'p0@example.com', duration: 600, registrant_id: 'r0' });
    const second = await c.participantsPage(id, { pageSize: 3, nextPageToken: first.nextPageToken });
    const third = await c.participantsPage(id, { pageSize: 3, nextPageToken: second.nextPageToken });
    expect([second.participants.length, third.participants.length, third.nextPageToken]).toEqual([3, 1, '']);
    expect(zoom.requestsTo('GET', `/v2/report/meetings/${id}/participants`).every((r) => r.query.include_fields === 'registrant_id')).toBe(true);
    zoom.addPollAnswers(id, [
      { name: 'Ann', email: 'ann@example.com', question: 'Q1', answer: 'A' },
      { name: 'Ann', email: 'ann@example.com', question: 'Q2', answer: 'B' },
      { name: 'Bo', email: 'bo@example.com', question: 'Q1', answer: 'C' },
    ]);
    const polls = await c.pollsReport(id);
    expect(polls.questions.map((q) => [q.email, q.question_details.map((d) => d.answer)])).toEqual([
      ['ann@example.com', ['A', 'B']],
      ['bo@example.com', ['C']],
    ]);
    await expect(c.deleteMeeting(id)).resolves.toBe(true);
    await expect(c.deleteMeeting(id)).resolves.toBe(false);
  });
});
