/**
 * What this device holds is brought in step with the server when a learning page has opened (once
 * it has loaded and the browser is idle: opening the device's stores is no part of a lesson's
 * first frame) and whenever the connection comes back: progress kept offline is sent (what shows
 * progress is then read again), and downloaded courses' licences are renewed — a course no longer
 * the learner's has its download deleted, and they are told (issue 34). Exams handed in offline
 * are sent too, and the learner is told their result (or why it was not graded).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { OFFLINE_MESSAGES } from '@contracts/offline-learning';
import { afterFirstPaint } from '@pwa/lib/after-first-paint';
import { useNotify } from '@pwa/lib/notify';
import { learningKeys } from '../api/learning-keys';
import { sendKeptProgress } from '../offline/deliver-progress';
import { deviceUserId } from '../offline/from-download';

const paperResultText = (passed: boolean) => `Your exam from offline was graded: ${passed ? 'passed' : 'not passed'}.`;

export function useDeviceSync(): void {
  const queryClient = useQueryClient();
  const notify = useNotify();
  useEffect(() => {
    let left = false;
    const send = () => {
      if (left) return;
      void sendKeptProgress()
        .then((sent) => {
          if (sent > 0) for (const queryKey of learningKeys.progressed()) void queryClient.invalidateQueries({ queryKey });
        })
        .catch(() => undefined);
      const userId = deviceUserId();
      if (!userId || navigator.onLine === false) return;
      void import('@pwa/offline/learning/papers')
        .then(({ sendHandedInPapers }) => sendHandedInPapers(userId))
        .then((delivered) => {
          for (const { paper, result } of delivered) {
            const title = paper.paper.title;
            if (result)
              notify({ title: `${title}: ${result.scorePercent} %`, description: paperResultText(result.passed), variant: result.passed ? 'success' : 'info' });
            else notify({ title: `${title}: not graded`, description: paper.problem ?? '', variant: 'warning' });
          }
          if (delivered.length > 0) for (const queryKey of learningKeys.progressed()) void queryClient.invalidateQueries({ queryKey });
        })
        .catch(() => undefined);
      void import('@pwa/offline/learning/licence-check')
        .then(({ checkDownloads }) => checkDownloads(userId))
        .then((removed) => {
          for (const title of removed) notify({ title: `${title}: download removed`, description: OFFLINE_MESSAGES.revoked, variant: 'warning' });
        })
        .catch(() => undefined);
    };
    void afterFirstPaint().then(send);
    window.addEventListener('online', send);
    return () => {
      left = true;
      window.removeEventListener('online', send);
    };
  }, [queryClient, notify]);
}
