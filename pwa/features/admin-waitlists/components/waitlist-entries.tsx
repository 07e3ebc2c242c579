/**
 * A live course's waitlist for staff (issue 35): who holds an offered seat (until when) or is at
 * checkout with it, then who waits, in order, each with "Move up" / "Move down". A move sends the
 * whole new order; a list changed meanwhile (409) says so and is read again. The moved entry's
 * button keeps the focus, and the move is told in a live region.
 */
import { Badge, Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { StaffWaitlist } from '@contracts/waitlists';
import { ApiError } from '@pwa/lib/api-client';
import { useOnline } from '@pwa/offline/use-online';
import { useStaffWaitlist } from '../api/get-staff-waitlist';
import { useReorderWaitlist } from '../api/reorder-waitlist';
import { movedOrder, type Direction } from '../lib/move-entry';
import { STAFF_WAITLIST_TEXTS as TEXTS, entryStatusText } from '../lib/waitlist-texts';
import { visuallyHidden } from '@pwa/components/visually-hidden';

type Entry = StaffWaitlist['entries'][number];

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '12rem', gap: tokens.spacingVerticalXXS },
  name: { fontWeight: tokens.fontWeightSemibold },
  email: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  moves: { display: 'flex', gap: tokens.spacingHorizontalXS },
  srOnly: visuallyHidden,
});

const BADGE: Record<Entry['status'], { label: string; color: 'informative' | 'success' | 'warning' }> = {
  waiting: { label: 'Waiting', color: 'informative' },
  offered: { label: 'Offered', color: 'success' },
  checkout: { label: 'At checkout', color: 'warning' },
};

export function WaitlistEntries({ courseId }: { courseId: string }) {
  const styles = useStyles();
  const online = useOnline();
  const list = useStaffWaitlist(courseId);
  const reorder = useReorderWaitlist(courseId);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);

  // After a move the entry's row may have been moved in the page: its button gets the focus back.
  useEffect(() => {
    if (!refocus.current) return;
    buttons.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [list.data]);

  if (list.isPending) return <Spinner size="small" label={TEXTS.loading} />;
  if (list.isError) {
    return (
      <div className={styles.wrap} role="alert">
        <Text>{TEXTS.loadFailed}</Text>
        <Button onClick={() => void list.refetch()}>{TEXTS.tryAgain}</Button>
      </div>
    );
  }

  const entries = list.data.entries;
  const waitingIds = entries.filter((e) => e.status === 'waiting').map((e) => e.id);
  const move = (entry: Entry, direction: Direction) => {
    const order = movedOrder(waitingIds, entry.id, direction);
    if (!order || reorder.isPending) return;
    setProblem(null);
    reorder.mutate(order, {
      onSuccess: () => {
        refocus.current = `${entry.id}:${direction}`;
        setSaid(TEXTS.moved(entry.name || entry.email, order.indexOf(entry.id) + 1));
      },
      onError: (error) => setProblem((error instanceof ApiError ? error.serverMessage : undefined) ?? TEXTS.moveFailed),
    });
  };
  const moveButton = (entry: Entry, direction: Direction) => {
    const key = `${entry.id}:${direction}`;
    const edge = movedOrder(waitingIds, entry.id, direction) === null;
    const text = direction === 'up' ? TEXTS.moveUp : TEXTS.moveDown;
    return (
      <Button
        size="small"
        ref={(element: HTMLButtonElement | null) => void (element ? buttons.current.set(key, element) : buttons.current.delete(key))}
        aria-label={`${text} ${entry.name || entry.email}`}
        // Focusable while it cannot act: the focus stays put through a move.
        disabledFocusable={edge || reorder.isPending || !online}
        onClick={() => move(entry, direction)}
      >
        {text}
      </Button>
    );
  };

  return (
    <div className={styles.wrap}>
      <p className={styles.srOnly} role="status" aria-live="polite">
        {said}
      </p>
      {!online ? (
        <MessageBar intent="warning">
          <MessageBarBody>{TEXTS.offline}</MessageBarBody>
        </MessageBar>
      ) : null}
      {problem ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      ) : null}
      {entries.length === 0 ? (
        <Text>{TEXTS.empty}</Text>
      ) : (
        <ol className={styles.list} aria-label={TEXTS.listLabel(list.data.title)}>
          {entries.map((entry) => (
            <li key={entry.id} className={styles.item}>
              <div className={styles.who}>
                <Text className={styles.name}>{entry.name || entry.email}</Text>
                <Text className={styles.email}>{entry.email}</Text>
                <Text>{entryStatusText(entry)}</Text>
              </div>
              <Badge appearance="tint" color={BADGE[entry.status].color}>
                {BADGE[entry.status].label}
              </Badge>
              {entry.status === 'waiting' ? (
                <div className={styles.moves}>
                  {moveButton(entry, 'up')}
                  {moveButton(entry, 'down')}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
