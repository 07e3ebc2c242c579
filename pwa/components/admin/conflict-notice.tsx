/**
 * A conflict shown where the admin is working (issue 27): the open editor of a course or
 * instructor says so as soon as one of its changes waiting in the outbox collides with someone
 * else's (409 with their copy, or 412) — sent by this page or by the service worker. "Review
 * changes" opens the conflict view (field by field); once settled, the changes that go are sent,
 * the screens read again and the editor starts again from the result (`onSettled`), so what it
 * shows is what was kept.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { adminDb } from '@pwa/offline/back-office/admin-db';
import { discard, keepMine } from '@pwa/offline/back-office/outbox';
import { ConflictDialog } from './conflict-dialog';
import { replayThenRefresh } from './outbox-replay';

/** The title the editors and the sidebar's status share. */
export const CONFLICT_TITLE = 'Conflict — needs your decision';

/** `entity`: the outbox's name of what the editor edits, as the feature's api file names it (`courseEntity(id)`); `what`: its kind, for people ("webinar"). */
export function ConflictNotice({ entity, what, onSettled, className }: { entity: string; what: string; onSettled?: () => void; className?: string }) {
  const queryClient = useQueryClient();
  const conflict = useLiveQuery(
    () =>
      adminDb()
        .outbox.where('entity')
        .equals(entity)
        .filter((entry) => entry.status === 'conflict')
        .first(),
    [entity],
  );
  const [reviewing, setReviewing] = useState(false);
  if (!conflict) return null;

  const settle = async (decision: Promise<void>) => {
    await decision;
    setReviewing(false);
    await replayThenRefresh(queryClient, 'always');
    onSettled?.();
  };
  return (
    <>
      <MessageBar intent="warning" className={className}>
        <MessageBarBody>
          <MessageBarTitle>{CONFLICT_TITLE}</MessageBarTitle>
          Someone else changed this {what} while your change was on its way, so it was not saved. It is kept on this device: review it to choose, field by
          field, what to keep.
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => setReviewing(true)}>Review changes</Button>
        </MessageBarActions>
      </MessageBar>
      {reviewing ? (
        <ConflictDialog
          entry={conflict}
          onClose={() => setReviewing(false)}
          onDiscard={() => void settle(discard(conflict))}
          onResolve={(body) => void settle(keepMine(conflict, undefined, body))}
        />
      ) : null}
    </>
  );
}
