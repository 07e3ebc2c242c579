/**
 * How outbox entries travel, in a page or in the service worker: one HTTP request per entry with
 * its `Idempotency-Key` (a request that gets no answer within 20 s counts as not sent), and the
 * Background Sync registration that lets the service worker send what waits once the connection
 * is back, even with the back office closed. The worker cannot read localStorage: the page keeps
 * the `Authorization` it sends in the back office's database (deleted with it at logout).
 */
import type { UploadTicket } from '@contracts/uploads';
import { adminDb, type OutboxEntry } from './admin-db';
import type { SendResult, Sender } from './outbox';

export const OUTBOX_SYNC_TAG = 'back-office-outbox';
/** Told to the pages by the service worker after it sent something (their screens read again). */
export const OUTBOX_SYNCED_MESSAGE = 'OUTBOX_SYNCED';
const AUTHORIZATION = 'authorization';

async function answerOf(response: Response): Promise<SendResult> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body };
}

/**
 * An image picked offline goes the way the picker sends one: a single-use address, the file PUT
 * to it, then completed (the server checks the bytes). Answers `{ objectPath }`, or the refusal.
 */
async function upload(entry: OutboxEntry, headers: Record<string, string>): Promise<SendResult> {
  const signal = AbortSignal.timeout(60_000);
  const ticket = await answerOf(
    await fetch(entry.url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(entry.body),
      credentials: 'include',
      signal,
    }),
  );
  if (ticket.status < 200 || ticket.status >= 300) return ticket;
  const { uploadURL, completeURL } = ticket.body as UploadTicket;
  const put = await fetch(uploadURL, { method: 'PUT', headers: { 'Content-Type': entry.blob?.type || 'application/octet-stream' }, body: entry.blob, signal });
  if (!put.ok) return answerOf(put);
  return answerOf(await fetch(completeURL, { method: 'POST', headers, credentials: 'include', signal }));
}

export function httpSender(headersOf: () => Record<string, string> | Promise<Record<string, string>>): Sender {
  return async (entry) => {
    if (entry.kind === 'upload') return upload(entry, await headersOf());
    const headers: Record<string, string> = { ...(await headersOf()), 'Idempotency-Key': entry.idempotencyKey };
    if (entry.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(entry.url, {
      method: entry.method,
      headers,
      body: entry.body === undefined ? undefined : JSON.stringify(entry.body),
      credentials: 'include',
      signal: AbortSignal.timeout(20_000),
    });
    return answerOf(response);
  };
}

/** The page's `Authorization`, for the service worker (nothing is kept without one). */
export async function rememberAuthorization(headers: Record<string, string>): Promise<void> {
  const value = headers.Authorization;
  if (value) await adminDb().meta.put({ key: AUTHORIZATION, value });
  else await adminDb().meta.delete(AUTHORIZATION);
}

export async function storedAuthorization(): Promise<Record<string, string>> {
  const kept = await adminDb().meta.get(AUTHORIZATION);
  return kept ? { Authorization: kept.value } : {};
}

interface SyncManager {
  register(tag: string): Promise<void>;
}

/** Asks the browser to wake the service worker when the connection is back (where Background Sync exists). */
export async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration().catch(() => undefined)) as
    (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}
