/** The query keys of the back office's contact messages, the one place they are spelled. */
import type { MessageListQuery } from '@contracts/admin-messages';

export type MessageFilter = Pick<MessageListQuery, 'state'>;

export const adminMessageKeys = {
  all: ['admin-messages'] as const,
  lists: () => [...adminMessageKeys.all, 'list'] as const,
  list: (filter: MessageFilter) => [...adminMessageKeys.lists(), filter] as const,
};
