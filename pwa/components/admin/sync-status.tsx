/**
 * The back office's sync state (issue 14): "All changes saved", "N changes waiting to sync" (with
 * the list), "Offline — changes are kept on this device", "Conflict — needs your decision". The
 * list offers, per change someone else's edit collided with, "Review changes" (the side-by-side
 * conflict view, field by field), and "Discard" for a change the server refused.
 * `useOutboxReplay` sends what waits: at start, when the connection returns, and every 15 s.
 */
import { Button, Popover, PopoverSurface, PopoverTrigger, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { adminDb } from '@pwa/offline/admin-db';
import { discard, keepMine, replayOutbox } from '@pwa/offline/outbox';
import { useOnline } from '@pwa/offline/use-online';
import { authHeader } from '@pwa/lib/api-client';
import { fetchSender } from '@pwa/lib/idempotent-write';
import { preloadDrafts } from '@pwa/offline/drafts';
import { OUTBOX_SYNCED_MESSAGE, rememberAuthorization, requestBackgroundSync } from '@pwa/offline/outbox-transport';
import { ConflictDialog } from './conflict-dialog';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: 'none', maxWidth: '22rem' },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

/** Sends what waits; what it sent changes what the screens show, so they read again (a table drops "Not synced yet"). */
const replayThenRefresh = (queryClient: QueryClient) =>
  replayOutbox(fetchSender)
    .then((summary) => {
      // Still out of reach: the service worker takes over when the connection is back, even if the back office is closed.
      if (summary.unreachable) void requestBackgroundSync();
      return summary.sent > 0 ? queryClient.invalidateQueries() : undefined;
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
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | undefined)?.type === OUTBOX_SYNCED_MESSAGE) void queryClient.invalidateQueries();
    };
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    run();
    window.addEventListener('online', run);
    const timer = window.setInterval(run, 15_000);
    // Leaving the page warns only while something has not reached the server.
    let waiting = 0;
    const counting = liveQuery(() => adminDb().outbox.count()).subscribe({ next: (n) => (waiting = n) });
    const onLeave = (event: BeforeUnloadEvent) => {
      if (waiting > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('online', run);
      window.removeEventListener('beforeunload', onLeave);
      window.clearInterval(timer);
      counting.unsubscribe();
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, [queryClient]);
}

export function SyncStatus() {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const online = useOnline();
  const entries = useLiveQuery(() => adminDb().outbox.orderBy('seq').toArray(), [], []);
  const [open, setOpen] = useState(false);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const conflicts = entries.filter((e) => e.status === 'conflict').length;
  const text = conflicts
    ? 'Conflict — needs your decision'
    : !online
      ? 'Offline — changes are kept on this device'
      : entries.length
        ? `${entries.length} ${entries.length === 1 ? 'change' : 'changes'} waiting to sync`
        : 'All changes saved';
  const review = entries.find((e) => e.id === reviewing && e.status === 'conflict');
  const dialog = review ? (
    <ConflictDialog
      entry={review}
      onClose={() => setReviewing(null)}
      onDiscard={() => void discard(review).then(() => setReviewing(null))}
      onResolve={(body) =>
        void keepMine(review, undefined, body)
          .then(() => setReviewing(null))
          .then(() => replayThenRefresh(queryClient))
      }
    />
  ) : null;
  if (entries.length === 0)
    return (
      <Text role="status" size={200}>
        {text}
      </Text>
    );
  return (
    <>
      <Popover withArrow open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
        <PopoverTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small" aria-live="polite">
            {text}
          </Button>
        </PopoverTrigger>
        <PopoverSurface aria-label="Changes waiting to sync">
          <ul className={styles.list}>
            {entries.map((entry) => (
              <li key={entry.id} className={styles.item}>
                <Text weight="semibold">{entry.label}</Text>
                <Text size={200}>{entry.status === 'queued' ? `Waiting to sync${entry.attempts ? ` (tried ${entry.attempts}×)` : ''}` : entry.status === 'conflict' ? 'Someone else changed this meanwhile' : 'Refused by the server'}</Text>
                {entry.error && entry.status !== 'queued' ? <Text className={styles.problem}>{entry.error}</Text> : null}
                {entry.status === 'conflict' ? (
                  <div className={styles.actions}>
                    <Button
                      size="small"
                      onClick={() => {
                        setOpen(false);
                        setReviewing(entry.id);
                      }}
                    >
                      Review changes
                    </Button>
                  </div>
                ) : entry.status === 'failed' ? (
                  <div className={styles.actions}>
                    <Button size="small" onClick={() => void discard(entry)}>
                      Discard
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </PopoverSurface>
      </Popover>
      {dialog}
    </>
  );
}
