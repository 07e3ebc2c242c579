/**
 * The back office's sync state (issue 14): "All changes saved", "N changes waiting to sync" (with
 * the list), "Offline — changes are kept on this device", "Conflict — needs your decision". The
 * list offers, per change someone else's edit collided with, "Review changes" (the side-by-side
 * conflict view, field by field), and "Discard" for a change the server refused. What waits is
 * sent by `useOutboxReplay` (outbox-replay.ts); an open editor shows its own conflict
 * (conflict-notice.tsx).
 */
import { Button, Popover, PopoverSurface, PopoverTrigger, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { adminDb } from '@pwa/offline/back-office/admin-db';
import { discard, keepMine } from '@pwa/offline/back-office/outbox';
import { useOnline } from '@pwa/offline/use-online';
import { ConflictDialog } from './conflict-dialog';
import { CONFLICT_TITLE } from './conflict-notice';
import { replayThenRefresh } from './outbox-replay';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: 'none', maxWidth: '22rem' },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

export function SyncStatus() {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const online = useOnline();
  const entries = useLiveQuery(() => adminDb().outbox.orderBy('seq').toArray(), [], []);
  const [open, setOpen] = useState(false);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const conflicts = entries.filter((e) => e.status === 'conflict').length;
  const text = conflicts
    ? CONFLICT_TITLE
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
                <Text size={200}>
                  {entry.status === 'queued'
                    ? `Waiting to sync${entry.attempts ? ` (tried ${entry.attempts}×)` : ''}`
                    : entry.status === 'conflict'
                      ? 'Someone else changed this meanwhile'
                      : 'Refused by the server'}
                </Text>
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
