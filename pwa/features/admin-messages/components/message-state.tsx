/** A contact message's state in the back office: New (unread), Read, or Handled (with who handled it). */
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { AdminMessage } from '@contracts/admin-messages';

const useStyles = makeStyles({
  state: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  by: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

export type MessageState = 'new' | 'read' | 'handled';

export const messageState = (m: AdminMessage): MessageState => (m.handledAt ? 'handled' : m.readAt ? 'read' : 'new');

const BADGES = {
  new: { label: 'New', color: 'brand' },
  read: { label: 'Read', color: 'informative' },
  handled: { label: 'Handled', color: 'success' },
} as const;

export function MessageStateBadge({ message }: { message: AdminMessage }) {
  const styles = useStyles();
  const badge = BADGES[messageState(message)];
  return (
    <span className={styles.state}>
      <Badge appearance="tint" color={badge.color}>
        {badge.label}
      </Badge>
      {message.handledBy ? <Text className={styles.by}>by {message.handledBy}</Text> : null}
    </span>
  );
}
