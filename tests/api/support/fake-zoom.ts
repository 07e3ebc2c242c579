/**
 * A local stand-in for Zoom's REST API (v2) and its server-to-server OAuth, on 127.0.0.1 and an
 * ephemeral port, started by the test that needs it (like `fake-stripe.ts`). Point ZOOM_OAUTH_URL
 * at `oauthUrl` and ZOOM_API_URL at `apiUrl`. It speaks Zoom's JSON for exactly what the product
 * calls, with Zoom's rules:
 *
 *   POST   /oauth/token?grant_type=account_credentials&account_id=…   Basic client_id:client_secret
 *   POST   /v2/users/me/meetings                  201 the meeting (numeric id, uuid, join_url, registration_url)
 *   GET    /v2/users/me/meetings                  the host's meetings (paged; agenda included)
 *   PATCH  /v2/meetings/:id                       204
 *   DELETE /v2/meetings/:id                       204 (404 code 3001 when it does not exist)
 *   POST   /v2/meetings/:id/registrants           201 { id, registrant_id, join_url, topic, start_time }; the same
 *                                                 e-mail again returns the same registrant (as Zoom does)
 *   PUT    /v2/meetings/:id/registrants/status    204 { action: cancel | approve | deny, registrants: [{ id?, email }] }
 *   GET    /v2/report/meetings/:id/participants   paged (page_size, next_page_token); registrant_id only with
 *                                                 include_fields=registrant_id; rows fed by `addParticipants`
 *   GET    /v2/report/meetings/:id/polls          { id, uuid, start_time, questions }; fed by `addPollAnswers`
 *
 * API calls need a bearer token it issued, unexpired and unrevoked (else 401 code 124). `failWith`
 * makes matching calls answer 429 (Retry-After), a 5xx, or hang; each request is recorded with its status.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { meetingList, participantsPage, pollsReport, ZoomError, type FakeZoomRegistrant, type ParticipantRow, type PollAnswerRow } from './fake-zoom-shapes';

export type { FakeZoomRegistrant, ParticipantRow, PollAnswerRow } from './fake-zoom-shapes';

type Json = Record<string, any>;

export interface FakeZoomRequest {
  method: string;
  /** Without the query string, e.g. /v2/meetings/123/registrants. */
  path: string;
  query: Record<string, string>;
  body: Json | undefined;
  authorization: string | undefined;
  /** What the stand-in answered (0 while hanging). */
  status: number;
}

export interface FakeZoomFailure {
  /** `METHOD /path` prefix (e.g. "POST /v2/meetings/") or a predicate. */
  match: string | ((request: FakeZoomRequest) => boolean);
  /** 429, a 5xx, or 'hang' (the request is never answered). */
  status: number | 'hang';
  /** Sent as Retry-After (seconds) with a 429. */
  retryAfterSeconds?: number;
  /** How many matching calls fail (default: until cleared). */
  times?: number;
  /** Do the work first, then fail (the answer was lost: a POST that Zoom carried out). */
  afterProcessing?: boolean;
}

export interface FakeZoom {
  url: string;
  apiUrl: string;
  oauthUrl: string;
  requests: FakeZoomRequest[];
  /** Meetings by id (as a string), as Zoom stores them; deleted ones are removed. */
  meetings: Map<string, Json>;
  registrants(meetingId: string | number): FakeZoomRegistrant[];
  /** Tokens issued so far. */
  tokensIssued(): number;
  requestsTo(method: string, path: string | RegExp): FakeZoomRequest[];
  failWith(failure: FakeZoomFailure | null): void;
  /** Tokens already issued stop working (as when Zoom invalidates them). */
  revokeTokens(): void;
  addParticipants(meetingId: string | number, rows: ParticipantRow[]): void;
  addPollAnswers(meetingId: string | number, rows: PollAnswerRow[]): void;
  close(): Promise<void>;
}

const token = (bytes = 24) => crypto.randomBytes(bytes).toString('base64url');

export async function startFakeZoom(options: { accountId: string; clientId: string; clientSecret: string; expiresIn?: number }): Promise<FakeZoom> {
  const expiresIn = options.expiresIn ?? 3599;
  const requests: FakeZoomRequest[] = [];
  const meetings = new Map<string, Json>();
  const registrants = new Map<string, FakeZoomRegistrant[]>();
  const participants = new Map<string, ParticipantRow[]>();
  const polls = new Map<string, PollAnswerRow[]>();
  const tokens = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  let issued = 0;
  let failure: (FakeZoomFailure & { left: number }) | null = null;
  let nextMeetingId = 81_000_000_000 + Math.floor(Math.random() * 1_000_000);
  let base = '';

  function issueToken(req: http.IncomingMessage, query: Record<string, string>): [number, Json] {
    const expected = 'Basic ' + Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    if (req.headers.authorization !== expected) return [401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' }];
    if (query.grant_type !== 'account_credentials') return [400, { reason: 'Unsupported grant type', error: 'unsupported_grant_type' }];
    if (query.account_id !== options.accountId) return [400, { reason: 'Invalid account_id', error: 'invalid_request' }];
    const accessToken = token(48);
    tokens.set(accessToken, Date.now() + expiresIn * 1000);
    issued++;
    return [
      200,
      {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: expiresIn,
        scope: 'meeting:write:admin meeting:read:admin report:read:admin',
        api_url: base,
      },
    ];
  }

  function meetingOf(id: string): Json {
    const meeting = meetings.get(id) ?? [...meetings.values()].find((m) => m.uuid === id);
    if (!meeting) throw new ZoomError(404, 3001, `Meeting does not exist: ${id}.`);
    return meeting;
  }

  function createMeeting(body: Json): Json {
    if (typeof body.topic !== 'string' || body.topic.length > 200) throw new ZoomError(400, 300, 'Validation Failed.');
    const id = nextMeetingId++;
    const settings = { host_video: false, participant_video: false, join_before_host: false, approval_type: 2, registration_type: 1, ...body.settings };
    const meeting: Json = {
      uuid: token(16),
      id,
      host_id: 'fake-host-id',
      host_email: 'host@example.com',
      topic: body.topic,
      type: body.type ?? 2,
      status: 'waiting',
      start_time: body.start_time ? new Date(body.start_time).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined,
      duration: body.duration ?? 60,
      timezone: body.timezone ?? 'UTC',
      agenda: body.agenda,
      created_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      start_url: `${base}/s/${id}?zak=${token(12)}`,
      join_url: `${base}/j/${id}?pwd=${token(12)}`,
      password: token(6),
      settings,
      pre_schedule: false,
    };
    if (settings.approval_type !== 2) meeting.registration_url = `${base}/meeting/register/${token(16)}`;
    meetings.set(String(id), meeting);
    return meeting;
  }

  function addRegistrant(meeting: Json, body: Json): Json {
    if (meeting.settings.approval_type === 2) throw new ZoomError(400, 3000, `Registration has not been enabled for this meeting: ${meeting.id}.`);
    if (typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(body.email)) throw new ZoomError(400, 300, 'Invalid email.');
    if (typeof body.first_name !== 'string' || body.first_name.length === 0) throw new ZoomError(400, 300, 'Invalid field: first_name.');
    const list = registrants.get(String(meeting.id)) ?? [];
    registrants.set(String(meeting.id), list);
    let registrant = list.find((r) => r.email.toLowerCase() === body.email.toLowerCase());
    if (!registrant) {
      const id = token(16);
      registrant = { id, email: body.email, firstName: body.first_name, lastName: body.last_name ?? '', status: 'approved', joinUrl: '' };
      registrant.joinUrl = `${base}/w/${meeting.id}?tk=${token(32)}`;
      list.push(registrant);
    }
    if (meeting.settings.approval_type === 1 && registrant.status !== 'approved') registrant.status = 'pending';
    return {
      id: meeting.id,
      registrant_id: registrant.id,
      join_url: registrant.joinUrl,
      topic: meeting.topic,
      start_time: meeting.start_time,
      occurrences: [],
    };
  }

  function registrantStatus(meeting: Json, body: Json): void {
    const actions: Record<string, FakeZoomRegistrant['status']> = { approve: 'approved', cancel: 'cancelled', deny: 'denied' };
    const status = actions[body.action];
    if (!status || !Array.isArray(body.registrants) || body.registrants.length > 30) throw new ZoomError(400, 300, 'Validation Failed.');
    const list = registrants.get(String(meeting.id)) ?? [];
    for (const named of body.registrants as Array<{ id?: string; email?: string }>) {
      const registrant = list.find((r) => (named.id ? r.id === named.id : r.email.toLowerCase() === named.email?.toLowerCase()));
      if (registrant) registrant.status = status;
    }
  }

  function route(method: string, path: string, query: Record<string, string>, body: Json | undefined): [number, Json | undefined] {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/users/me/meetings') return [201, createMeeting(body ?? {})];
    if (method === 'GET' && path === '/v2/users/me/meetings') return [200, meetingList([...meetings.values()], query)];
    if ((m = /^\/v2\/meetings\/([^/]+)$/.exec(path))) {
      const meeting = meetingOf(m[1]!);
      if (method === 'GET') return [200, meeting];
      if (method === 'PATCH') {
        const { settings, ...fields } = body ?? {};
        Object.assign(meeting, fields, { settings: { ...meeting.settings, ...settings } });
        return [204, undefined];
      }
      if (method === 'DELETE') {
        meetings.delete(String(meeting.id));
        return [204, undefined];
      }
    }
    if ((m = /^\/v2\/meetings\/([^/]+)\/registrants$/.exec(path)) && method === 'POST') return [201, addRegistrant(meetingOf(m[1]!), body ?? {})];
    if ((m = /^\/v2\/meetings\/([^/]+)\/registrants\/status$/.exec(path)) && method === 'PUT') {
      registrantStatus(meetingOf(m[1]!), body ?? {});
      return [204, undefined];
    }
    if ((m = /^\/v2\/report\/meetings\/([^/]+)\/participants$/.exec(path)) && method === 'GET') {
      const rows = participants.get(m[1]!);
      if (!rows) throw new ZoomError(404, 3001, 'Meeting does not exist: ' + m[1]);
      return [200, participantsPage(rows, query)];
    }
    if ((m = /^\/v2\/report\/meetings\/([^/]+)\/polls$/.exec(path)) && method === 'GET') {
      const rows = polls.get(m[1]!);
      if (!rows) throw new ZoomError(404, 3001, 'Meeting does not exist: ' + m[1]);
      return [200, pollsReport(m[1]!, meetings.get(m[1]!), rows)];
    }
    throw new ZoomError(404, 404, `No such API: ${method} ${path}`);
  }

  const matches = (f: FakeZoomFailure, r: FakeZoomRequest) => (typeof f.match === 'string' ? `${r.method} ${r.path}`.startsWith(f.match) : f.match(r));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Json | undefined;
      try {
        body = raw ? (JSON.parse(raw) as Json) : undefined;
      } catch {
        body = undefined;
      }
      const request: FakeZoomRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        authorization: req.headers.authorization,
        status: 0,
      };
      requests.push(request);
      const send = (status: number, payload: Json | undefined, headers: Record<string, string> = {}) => {
        request.status = status;
        res.writeHead(status, payload === undefined ? headers : { 'Content-Type': 'application/json;charset=UTF-8', ...headers });
        res.end(payload === undefined ? undefined : JSON.stringify(payload));
      };
      if (failure && failure.left > 0 && matches(failure, request)) {
        const f = failure;
        if (--f.left === 0) failure = null;
        if (f.afterProcessing)
          try {
            route(request.method, request.path, request.query, body);
          } catch {
            // The failure below is the answer either way.
          }
        if (f.status === 'hang') return void hanging.add(res);
        if (f.status === 429)
          return send(
            429,
            { code: 429, message: 'You have reached the maximum per-second rate limit for this API. Try again later.' },
            f.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(f.retryAfterSeconds) },
          );
        return send(f.status, { code: f.status, message: 'Internal Server Error' });
      }
      if (url.pathname === '/oauth/token' && req.method === 'POST') return send(...issueToken(req, request.query));
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const expires = bearer ? tokens.get(bearer) : undefined;
      if (!expires || expires < Date.now()) return send(401, { code: 124, message: 'Invalid access token.' });
      try {
        send(...route(request.method, request.path, request.query, body));
      } catch (error) {
        if (!(error instanceof ZoomError)) return send(500, { code: 500, message: String(error) });
        send(error.status, { code: error.code, message: error.message });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    apiUrl: `${base}/v2`,
    oauthUrl: `${base}/oauth/token`,
    requests,
    meetings,
    registrants: (meetingId) => registrants.get(String(meetingId)) ?? [],
    tokensIssued: () => issued,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    failWith: (f) => void (failure = f ? { ...f, left: f.times ?? Number.POSITIVE_INFINITY } : null),
    revokeTokens: () => tokens.clear(),
    addParticipants: (meetingId, rows) => void participants.set(String(meetingId), [...(participants.get(String(meetingId)) ?? []), ...rows]),
    addPollAnswers: (meetingId, rows) => void polls.set(String(meetingId), [...(polls.get(String(meetingId)) ?? []), ...rows]),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
