/**
 * A message's actions: "Mark as read", and "Mark handled" or "Reopen". Both buttons stay in place
 * (one unavailable is disabled but still focusable; the other changes its word), so the keyboard
 * focus is not lost when a message changes state. Each action says how it went in a toast.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { AdminMessage, MessagePatch } from '@contracts/admin-messages';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { useMarkMessage } from '../api/mark-message';

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' } });

export const MESSAGE_TOASTS = {
  read: 'Message marked as read',
  handled: 'Message marked as handled',
  reopened: 'Message reopened',
  failed: 'Failed to update message',
} as const;

export function MessageActions({ message }: { message: AdminMessage }) {
  const styles = useStyles();
  const notify = useNotify();
  const mark = useMarkMessage();
  const send = (patch: MessagePatch, done: string) =>
    mark.mutate(
      { id: message.id, patch },
      {
        onSuccess: () => notify(success(done)),
        onError: (error) => notify(failure(error, MESSAGE_TOASTS.failed)),
      },
    );
  const from = `message from ${message.name}`;
  return (
    <div className={styles.row}>
      <Button
        size="small"
        disabledFocusable={!!message.readAt || mark.isPending}
        aria-label={`Mark as read: ${from}`}
        onClick={() => send({ read: true }, MESSAGE_TOASTS.read)}
      >
        Mark as read
      </Button>
      {message.handledAt ? (
        <Button
          key="handled"
          size="small"
          disabledFocusable={mark.isPending}
          aria-label={`Reopen: ${from}`}
          onClick={() => send({ handled: false }, MESSAGE_TOASTS.reopened)}
        >
          Reopen
        </Button>
      ) : (
        <Button
          key="handled"
          size="small"
          appearance="primary"
          disabledFocusable={mark.isPending}
          aria-label={`Mark handled: ${from}`}
          onClick={() => send({ handled: true }, MESSAGE_TOASTS.handled)}
        >
          Mark handled
        </Button>
      )}
    </div>
  );
}
