/**
 * How the back office sends a write: through the outbox (outbox.ts) — stored on the
 * device first, sent with an `Idempotency-Key` it keeps for life (a repeat is answered once, never
 * written twice), after any earlier writes to the same thing. Resolves to the answer's JSON (or
 * undefined for 204), throws `ApiError` when the server refuses, and `KeptForLaterError` when the
 * server cannot be reached now: the change is safe on this device and is sent when it can be.
 */
import { deliver, type NewWrite, type Sender } from './outbox';
import type { OutboxEntry } from './admin-db';
import { httpSender, requestBackgroundSync } from './outbox-transport';
import { ApiError, authHeader } from '@pwa/lib/api-client';
import { KeptForLaterError } from '@pwa/lib/kept-for-later';

/** Sends one outbox entry from a page, with the signed-in user's token. */
export const fetchSender: Sender = httpSender(authHeader);

/**
 * One write: its request, the entity it changes and its label for people (`NewWrite`, named by the
 * feature's api file), and for an edit the copy the form started from (`base`, for the conflict view).
 */
export async function sendWrite<T>(write: NewWrite): Promise<T> {
  const delivery = await deliver(write, fetchSender);
  if (delivery.kind === 'queued') {
    // Sent by the service worker when the connection is back, should the back office be closed by then.
    void requestBackgroundSync();
    throw new KeptForLaterError<OutboxEntry>(delivery.entry);
  }
  const { status, body: answer } = delivery.result;
  if (status >= 200 && status < 300) return answer as T;
  throw new ApiError(status, typeof answer === 'string' ? answer : JSON.stringify(answer ?? ''), '');
}

/**
 * For the back office's `useMutation`s: run the write even when the browser says it is offline —
 * the outbox keeps it and says so (TanStack's default would pause it silently until online).
 */
export const OUTBOX_MUTATION = { networkMode: 'always' } as const;
