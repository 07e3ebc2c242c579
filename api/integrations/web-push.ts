/**
 * Sends one web-push message (RFC 8030) with an RFC 8291 aes128gcm payload and a VAPID (RFC 8292)
 * Authorization header. `web-push` encrypts and signs (`generateRequestDetails`); the request
 * itself goes out through fetch, so a push service stand-in on plain http works in tests and
 * every call has a timeout. The answer is reduced to what the sender acts on.
 */
import webpush from 'web-push';
import type { VapidDetails } from '../lib/vapid-keys';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessageOptions {
  /** Seconds the push service may keep the message for an offline device. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered message with the same topic (≤ 32 base64url characters). */
  topic?: string;
}

export type PushOutcome =
  | { kind: 'delivered'; status: number }
  /** 404 / 410 (or keys nothing can be encrypted to: status 0): the subscription is gone for good. */
  | { kind: 'gone'; status: number; error?: string }
  /** 429, 5xx or no answer: try again later (not before `retryAfterMs` when the service said so). */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; error: string }
  /** Any other 4xx: this message will never be accepted. */
  | { kind: 'rejected'; status: number; error: string };

export interface PushSender {
  send(target: PushTarget, payload: string, options: PushMessageOptions): Promise<PushOutcome>;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function createWebPushSender(vapid: VapidDetails, options: { timeoutMs?: number; now?: () => number } = {}): PushSender {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? Date.now;
  // One VAPID JWT per push service, valid 12 hours and reused until an hour is left (signing
  // each message again costs more than encrypting it).
  const signed = new Map<string, { authorization: string; expires: number }>();
  const authorizationFor = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const seconds = Math.floor(Date.now() / 1000);
    let entry = signed.get(audience);
    if (!entry || entry.expires - seconds < 3600) {
      const expires = seconds + 12 * 3600;
      entry = {
        authorization: webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expires).Authorization,
        expires,
      };
      signed.set(audience, entry);
    }
    return entry.authorization;
  };
  return {
    async send(target, payload, message) {
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(target, payload, {
          headers: { Authorization: authorizationFor(target.endpoint) },
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          topic: message.topic,
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        // Keys nothing can be encrypted to (stored before they were checked): the device can never be reached, like a 410.
        return { kind: 'gone', status: 0, error: (error as Error).message };
      }
      let response: Response;
      try {
        response = await fetch(details.endpoint, {
          method: details.method,
          headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
          body: details.body ? new Uint8Array(details.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        return { kind: 'retry', status: null, retryAfterMs: null, error: `No answer from the push service: ${(error as Error).message}` };
      }
      const text = await response.text().catch(() => '');
      const status = response.status;
      if (status >= 200 && status < 300) return { kind: 'delivered', status };
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || status >= 500) {
        return {
          kind: 'retry',
          status,
          retryAfterMs: parseRetryAfter(response.headers.get('Retry-After'), now()),
          error: `Push service answered ${status} ${text.slice(0, 200)}`.trim(),
        };
      }
      return { kind: 'rejected', status, error: `Push service answered ${status} ${text.slice(0, 200)}`.trim() };
    },
  };
}
