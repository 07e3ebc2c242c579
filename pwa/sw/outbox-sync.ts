/// <reference lib="webworker" />
/**
 * Background Sync for the back office's outbox (issue 14): when the browser says the connection
 * is back, the worker sends what waits — the same outbox, the same order and Idempotency-Keys as
 * the pages, under the same lock (so one change is never sent by both) — with the token the page
 * left in the back office's database. Its own waiting is the browser's: it sends what waits
 * whatever the page's backoff, yet a failure sets that backoff on the real clock, so an open page
 * still sends again on its own schedule; a round that still cannot reach the server fails the
 * event so the browser tries again later. Open pages are told to read their screens again.
 */
import { replayOutbox } from '../offline/back-office/outbox';
import { OUTBOX_SYNCED_MESSAGE, OUTBOX_SYNC_TAG, httpSender, storedAuthorization } from '../offline/back-office/outbox-transport';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function syncOutbox(): Promise<void> {
  const authorization = await storedAuthorization();
  if (!authorization.Authorization) return; // signed out: nothing of the back office is left to send
  const summary = await replayOutbox(
    httpSender(() => authorization),
    { ignoreBackoff: true },
  );
  if (summary.sent > 0) for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: OUTBOX_SYNCED_MESSAGE });
  if (summary.unreachable) throw new Error('The server is still out of reach: the browser tries again later.');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox());
});
