/** GET /api/admin/messages?state=open|handled: the contact form's messages newest first (all of them without a state), more pages through the `Link` header. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminMessage } from '@contracts/admin-messages';
import { listPath } from '@pwa/lib/paged-list';
import { pagedQueryOptions } from '@pwa/offline/back-office/kept-pages';
import { adminMessageKeys, type MessageFilter } from './admin-message-keys';

export const messagesQueryOptions = (filter: MessageFilter) =>
  pagedQueryOptions<AdminMessage, ReturnType<typeof adminMessageKeys.list>>(
    adminMessageKeys.list(filter),
    listPath('/api/admin/messages', { state: filter.state }),
  );

export function useMessages(filter: MessageFilter) {
  return useInfiniteQuery(messagesQueryOptions(filter));
}
