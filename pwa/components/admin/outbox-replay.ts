/**
 * The page's side of the outbox (offline/back-office/outbox.ts): `useOutboxReplay` sends what
 * waits at start, when the connection returns (due at once, delays starting again from 2 s), when
 * the next change is due after a failure (2 s, 5 s, 15 s, … 5 min: a timer on the outbox's earliest
 * due time, kept as the outbox changes here, in another tab or in the service worker) and 15 s
 * after each of its rounds has finished — whether or not the browser has Background Sync; where it
 * does, the service worker may send too, under the same lock, so a change is never sent twice. What
 * was sent changes what the screens show: they read again.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect } from 'react';
import { adminDb } from '@pwa/offline/back-office/admin-db';
import { connectionBack, nextAttemptDue, replayOutbox, type ReplaySummary } from '@pwa/offline/back-office/outbox';
import { authHeader } from '@pwa/lib/api-client';
import { repeatAfter } from '@pwa/lib/repeat';
import { fetchSender } from '@pwa/offline/back-office/send-write';
import { preloadDrafts } from '@pwa/offline/back-office/drafts';
import { OUTBOX_SYNCED_MESSAGE, rememberAuthorization, requestBackgroundSync } from '@pwa/offline/back-office/outbox-transport';

/** Sends what is due; the screens read again when something was sent (or, `always`, after a conflict is settled). */
export const replayThenRefresh = (queryClient: QueryClient, refresh: 'sent' | 'always' = 'sent'): Promise<ReplaySummary | undefined> =>
  replayOutbox(fetchSender)
    .then(async (summary) => {
      // Still out of reach: the service worker takes over when the connection is back, even if the back office is closed.
      if (summary.unreachable) void requestBackgroundSync();
      if (summary.sent > 0 || refresh === 'always') await queryClient.invalidateQueries();
      return summary;
    })
    .catch(() => undefined);

export function useOutboxReplay(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The service worker replays with the token the page uses (it cannot read localStorage).
    void rememberAuthorization(authHeader()).catch(() => undefined);
    // The forms' drafts, at hand before any form opens.
    void preloadDrafts();
    const run = () => void replayThenRefresh(queryClient);
    const onOnline = () => void connectionBack().then(run, run);
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | undefined)?.type === OUTBOX_SYNCED_MESSAGE) void queryClient.invalidateQueries();
    };
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    // Now, then 15 s after each round has finished (rounds never overlap).
    const stopRepeating = repeatAfter(15_000, () => replayThenRefresh(queryClient));
    window.addEventListener('online', onOnline);
    // The page's own backoff: again when the next change is due.
    let retry: number | undefined;
    const due = liveQuery(() => nextAttemptDue()).subscribe({
      next: (at) => {
        window.clearTimeout(retry);
        if (at !== undefined) retry = window.setTimeout(run, Math.max(at - Date.now(), 0) + 50);
      },
    });
    // Leaving the page warns only while something has not reached the server.
    let waiting = 0;
    const counting = liveQuery(() => adminDb().outbox.count()).subscribe({ next: (n) => (waiting = n) });
    const onLeave = (event: BeforeUnloadEvent) => {
      if (waiting > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onLeave);
      stopRepeating();
      window.clearTimeout(retry);
      due.unsubscribe();
      counting.unsubscribe();
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, [queryClient]);
}
