/**
 * One back-office write through the outbox (`sendWrite`) as a tab runs it: sent, a toast says so
 * (`done`); kept for later, the toast says it waits on this device; refused, the server's message
 * (under `failed`). Whatever happened, the tab's reads (`queryKey`) are asked again.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { KeptForLaterError } from '@pwa/lib/kept-for-later';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import type { NewWrite } from './outbox';
import { sendWrite } from './send-write';

export type WriteOutcome<T> = { kind: 'sent'; answer: T } | { kind: 'kept' } | { kind: 'refused'; message?: string };

/** `write(newWrite, done, whatFailed)` for a tab whose reads are `queryKey`. */
export function useNotifiedWrite(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = useRef(queryKey);
  key.current = queryKey;
  return useCallback(
    async <T = unknown>(write: NewWrite, done: string, failed: string): Promise<WriteOutcome<T>> => {
      try {
        const answer = await sendWrite<T>(write);
        notify(success(done));
        return { kind: 'sent', answer };
      } catch (error) {
        const shown = failure(error, failed);
        notify(shown);
        if (error instanceof KeptForLaterError) return { kind: 'kept' };
        return { kind: 'refused', message: shown.description };
      } finally {
        void queryClient.invalidateQueries({ queryKey: key.current });
      }
    },
    [queryClient, notify],
  );
}
