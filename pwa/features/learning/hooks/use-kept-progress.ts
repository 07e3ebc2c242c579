/**
 * Progress kept on this device while offline is sent when a learning page has opened (once it has
 * loaded and the browser is idle: opening the device's queue is no part of a lesson's first frame)
 * and whenever the connection comes back; what shows progress is then read again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterFirstPaint } from '@pwa/lib/after-first-paint';
import { learningKeys } from '../api/learning-keys';
import { sendKeptProgress } from '../offline/deliver-progress';

export function useKeptProgress(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let left = false;
    const send = () => {
      if (left) return;
      void sendKeptProgress()
        .then((sent) => {
          if (sent > 0) for (const queryKey of learningKeys.progressed()) void queryClient.invalidateQueries({ queryKey });
        })
        .catch(() => undefined);
    };
    void afterFirstPaint().then(send);
    window.addEventListener('online', send);
    return () => {
      left = true;
      window.removeEventListener('online', send);
    };
  }, [queryClient]);
}
