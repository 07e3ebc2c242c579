/**
 * /admin/messages, admins only: the storefront contact form's messages newest first (open ones by
 * default, or handled ones, or all): name, e-mail, phone, message, when it came and its state,
 * marked read, handled or reopened (keyboard reachable, with toasts); more pages on demand.
 */
import { Field, Link, Select, Text, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import type { AdminMessage, MessageListQuery } from '@contracts/admin-messages';
import { AdminPage } from '@pwa/components/admin/admin-page';
import { AdminList } from '@pwa/components/admin/admin-list';
import { formatDateTime } from '@pwa/lib/format';
import { useMessages } from '@pwa/features/admin-messages/api/get-messages';
import { MessageActions } from '@pwa/features/admin-messages/components/message-actions';
import { MessageStateBadge, messageState } from '@pwa/features/admin-messages/components/message-state';

type Shown = NonNullable<MessageListQuery['state']> | 'all';

const SHOWN: Array<{ value: Shown; label: string; empty: string }> = [
  { value: 'open', label: 'Open', empty: 'No open messages' },
  { value: 'handled', label: 'Handled', empty: 'No handled messages' },
  { value: 'all', label: 'All', empty: 'No messages yet' },
];

const useStyles = makeStyles({
  filter: { maxWidth: '16rem' },
  message: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: '16rem', maxWidth: '32rem', display: 'block' },
});

export default function MessagesPage() {
  const styles = useStyles();
  const [shown, setShown] = useState<Shown>('open');
  const messages = useMessages({ state: shown === 'all' ? undefined : shown });

  return (
    <AdminPage title="Messages" description="What visitors sent through the contact form.">
      <Field label="Show" className={styles.filter}>
        <Select value={shown} onChange={(_event, data) => setShown(data.value as Shown)}>
          {SHOWN.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <AdminList<AdminMessage>
        query={messages}
        what="messages"
        loadMore="Load more messages"
        label="Messages"
        rowKey={(m) => m.id}
        empty={{ title: SHOWN.find((option) => option.value === shown)!.empty }}
        columns={[
          { id: 'received', header: 'Received', cell: (m) => formatDateTime(m.createdAt), sortValue: (m) => m.createdAt },
          { id: 'name', header: 'Name', cell: (m) => m.name, sortValue: (m) => m.name },
          { id: 'email', header: 'Email', cell: (m) => <Link href={`mailto:${m.email}`}>{m.email}</Link>, sortValue: (m) => m.email },
          { id: 'phone', header: 'Phone', cell: (m) => m.phone ?? '—' },
          { id: 'message', header: 'Message', cell: (m) => <Text className={styles.message}>{m.message}</Text> },
          { id: 'state', header: 'State', cell: (m) => <MessageStateBadge message={m} />, sortValue: (m) => messageState(m) },
          { id: 'actions', header: 'Actions', shrink: true, cell: (m) => <MessageActions message={m} /> },
        ]}
      />
    </AdminPage>
  );
}
