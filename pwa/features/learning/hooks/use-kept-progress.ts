/**
 * Progress kept on this device while offline is sent when a learning page opens and whenever the
 * connection comes back; what shows progress is then read again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { learningKeys } from '../api/learning-keys';
import { sendKeptProgress } from '../offline/deliver-progress';

export function useKeptProgress(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const send = () => {
      void sendKeptProgress()
        .then((sent) => {
          if (sent > 0) for (const queryKey of learningKeys.progressed()) void queryClient.invalidateQueries({ queryKey });
        })
        .catch(() => undefined);
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [queryClient]);
}
