/**
 * Zoom's REST API (v2) with a server-to-server OAuth app (ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID,
 * ZOOM_CLIENT_SECRET; `config.ts`). One client per process:
 * - the access token is fetched once and shared (concurrent calls wait for the same request),
 *   reused until a minute before it expires, and fetched again when Zoom says it is invalid;
 * - 429 and 5xx answers and network failures are retried with a doubling backoff, waiting what
 *   `Retry-After` asks (a wait longer than `maxRetryWaitMs` is left to the caller's own retry);
 *   a meeting's creation is retried only on 429 (it was not made), as a timed-out POST may have been;
 * - every request gives up after `timeoutMs`; a creation whose answer was lost is found again by
 *   the marker its caller put in the agenda (`findMeeting`).
 * Failures are `ZoomApiError` with Zoom's status, code and message, and whether a later try may succeed.
 */
import type { ZoomConfig } from '../config';

export interface ZoomClientOptions extends ZoomConfig {
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff (default 500 ms), doubled each retry. */
  baseDelayMs?: number;
  /** Longest wait between tries, Retry-After included (default 30 s). */
  maxRetryWaitMs?: number;
  now?: () => number;
}

export class ZoomApiError extends Error {
  constructor(
    message: string,
    /** HTTP status (0: no answer). */
    readonly status: number,
    /** Zoom's error code when it sent one. */
    readonly code: number | string | undefined,
    /** A later try may succeed (rate limit, Zoom's failure, timeout). */
    readonly retryable: boolean,
    /** Seconds Zoom asked to wait (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** What creating or updating a meeting sends (Zoom's field names). */
export interface ZoomMeetingRequest {
  topic?: string;
  type?: 2;
  start_time?: string;
  duration?: number;
  timezone?: string;
  agenda?: string;
  settings?: { approval_type?: 0 | 1 | 2; registration_type?: 1 | 2 | 3; [key: string]: unknown };
}

export interface ZoomMeeting {
  id: number;
  uuid: string;
  join_url: string;
  registration_url?: string;
  start_time?: string;
  duration?: number;
  settings?: Record<string, unknown>;
}

export interface ZoomRegistrant {
  registrantId: string;
  joinUrl: string;
}

export interface ZoomParticipant {
  id?: string;
  name: string;
  user_email: string;
  join_time: string;
  leave_time: string;
  duration: number;
  registrant_id?: string;
}

export interface ZoomPollsReport {
  questions: Array<{ name: string; email: string; question_details: Array<{ question: string; answer: string; polling_id?: string; date_time?: string }> }>;
}

type Json = Record<string, any>;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export class ZoomClient {
  private token: { value: string; until: number } | null = null;
  private fetching: Promise<string> | null = null;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly maxRetryWaitMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ZoomClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  async createMeeting(body: ZoomMeetingRequest, signal?: AbortSignal): Promise<ZoomMeeting> {
    return (await this.call('POST', '/users/me/meetings', { body, signal, retryOnlyRateLimit: true })) as ZoomMeeting;
  }

  /** The host's scheduled meeting whose agenda carries `marker` (one made by a creation whose answer was lost), if any. */
  async findMeeting(marker: string, signal?: AbortSignal): Promise<ZoomMeeting | null> {
    let next: string | undefined;
    do {
      const query = new URLSearchParams({ type: 'scheduled', page_size: '300', ...(next ? { next_page_token: next } : {}) });
      const answer = (await this.call('GET', `/users/me/meetings?${query}`, { signal })) as Json;
      const found = ((answer.meetings ?? []) as Json[]).find((m) => typeof m.agenda === 'string' && m.agenda.includes(marker));
      if (found) return found as ZoomMeeting;
      next = answer.next_page_token || undefined;
    } while (next);
    return null;
  }

  async updateMeeting(meetingId: string, body: ZoomMeetingRequest, signal?: AbortSignal): Promise<void> {
    await this.call('PATCH', `/meetings/${encodeURIComponent(meetingId)}`, { body, signal });
  }

  /** Deletes the meeting; one Zoom no longer has counts as deleted (`false`). */
  async deleteMeeting(meetingId: string, signal?: AbortSignal): Promise<boolean> {
    try {
      await this.call('DELETE', `/meetings/${encodeURIComponent(meetingId)}`, { signal });
      return true;
    } catch (error) {
      if (error instanceof ZoomApiError && error.status === 404) return false;
      throw error;
    }
  }

  /** Registers a person (Zoom answers the same registrant for an e-mail it already has). */
  async addRegistrant(meetingId: string, person: { email: string; firstName: string; lastName: string }, signal?: AbortSignal): Promise<ZoomRegistrant> {
    const body = { email: person.email, first_name: person.firstName.slice(0, 64) || person.email.split('@')[0], last_name: person.lastName.slice(0, 64) };
    const answer = (await this.call('POST', `/meetings/${encodeURIComponent(meetingId)}/registrants`, { body, signal })) as Json;
    if (typeof answer.registrant_id !== 'string' || typeof answer.join_url !== 'string')
      throw new ZoomApiError('Zoom sent no registrant', 502, undefined, true);
    return { registrantId: answer.registrant_id, joinUrl: answer.join_url };
  }

  async setRegistrantStatus(
    meetingId: string,
    action: 'cancel' | 'approve' | 'deny',
    registrants: Array<{ id?: string; email: string }>,
    signal?: AbortSignal,
  ): Promise<void> {
    await this.call('PUT', `/meetings/${encodeURIComponent(meetingId)}/registrants/status`, { body: { action, registrants }, signal });
  }

  /** One page of the participant report (`registrant_id` asked for). */
  async participantsPage(
    meetingId: string,
    page: { pageSize?: number; nextPageToken?: string } = {},
    signal?: AbortSignal,
  ): Promise<{ participants: ZoomParticipant[]; nextPageToken: string }> {
    const query = new URLSearchParams({ page_size: String(page.pageSize ?? 300), include_fields: 'registrant_id' });
    if (page.nextPageToken) query.set('next_page_token', page.nextPageToken);
    const answer = (await this.call('GET', `/report/meetings/${encodeURIComponent(meetingId)}/participants?${query}`, { signal })) as Json;
    return { participants: (answer.participants ?? []) as ZoomParticipant[], nextPageToken: String(answer.next_page_token ?? '') };
  }

  /** Every page of the participant report, one at a time. */
  async *participants(meetingId: string, signal?: AbortSignal): AsyncGenerator<ZoomParticipant[]> {
    let nextPageToken: string | undefined;
    do {
      const page = await this.participantsPage(meetingId, { nextPageToken }, signal);
      yield page.participants;
      nextPageToken = page.nextPageToken || undefined;
    } while (nextPageToken);
  }

  async pollsReport(meetingId: string, signal?: AbortSignal): Promise<ZoomPollsReport> {
    const answer = (await this.call('GET', `/report/meetings/${encodeURIComponent(meetingId)}/polls`, { signal })) as Json;
    return { questions: answer.questions ?? [] };
  }

  /** The shared access token: cached until a minute before it expires; one request at a time. */
  private async accessToken(signal?: AbortSignal): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    this.fetching ??= this.fetchToken(signal).finally(() => (this.fetching = null));
    return this.fetching;
  }

  private async fetchToken(signal?: AbortSignal): Promise<string> {
    const { accountId, clientId, clientSecret, oauthUrl } = this.options;
    const url = `${oauthUrl}?${new URLSearchParams({ grant_type: 'account_credentials', account_id: accountId })}`;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const answer = (await this.send(url, { method: 'POST', headers: { Authorization: `Basic ${basic}` } }, signal, false)) as Json;
    if (typeof answer.access_token !== 'string') throw new ZoomApiError('Zoom sent no access token', 502, undefined, true);
    const expiresIn = Number(answer.expires_in) || 3599;
    this.token = { value: answer.access_token, until: this.now() + Math.max(0, expiresIn - 60) * 1000 };
    return this.token.value;
  }

  private async call(method: string, path: string, o: { body?: unknown; signal?: AbortSignal; retryOnlyRateLimit?: boolean }): Promise<unknown> {
    let renewedToken = false;
    for (;;) {
      const token = await this.accessToken(o.signal);
      const init: RequestInit = {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(o.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      };
      if (o.body !== undefined) init.body = JSON.stringify(o.body);
      try {
        return await this.send(`${this.options.apiUrl}${path}`, init, o.signal, o.retryOnlyRateLimit ?? false);
      } catch (error) {
        // An access token Zoom no longer accepts: drop it and try once with a new one.
        if (!(error instanceof ZoomApiError) || error.status !== 401 || renewedToken) throw error;
        renewedToken = true;
        if (this.token?.value === token) this.token = null;
      }
    }
  }

  /** One request with its retries; the answer's JSON (undefined for 204). */
  private async send(url: string, init: RequestInit, signal: AbortSignal | undefined, retryOnlyRateLimit: boolean): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      let failure: ZoomApiError;
      try {
        const timeout = AbortSignal.timeout(this.timeoutMs);
        const response = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
        const text = await response.text();
        let json: Json | undefined;
        try {
          json = text ? (JSON.parse(text) as Json) : undefined;
        } catch {
          json = undefined;
        }
        if (response.ok) return json;
        const message = String(json?.message ?? json?.reason ?? `Zoom answered ${response.status}`);
        const retryable = response.status === 429 || response.status >= 500;
        failure = new ZoomApiError(
          message,
          response.status,
          json?.code ?? json?.error,
          retryable,
          retryAfterSeconds(response.headers.get('Retry-After'), this.now()),
        );
      } catch (error) {
        if (error instanceof ZoomApiError) throw error;
        if (signal?.aborted) throw signal.reason;
        failure = new ZoomApiError(`Zoom did not answer: ${(error as Error).message}`, 0, undefined, true);
      }
      const mayRetry = failure.retryable && (!retryOnlyRateLimit || failure.status === 429) && attempt < this.maxRetries;
      const wait = failure.retryAfterSeconds !== undefined ? failure.retryAfterSeconds * 1000 : this.baseDelayMs * 2 ** attempt * (1 + Math.random() / 4);
      if (!mayRetry || wait > this.maxRetryWaitMs) throw failure;
      await sleep(wait, signal);
    }
  }
}
