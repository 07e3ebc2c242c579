/**
 * This device's paper of an exam (issue 34: a final exam taken offline, `offline/learning/papers.ts`)
 * and its delivery: while the screen is open, papers handed in offline are sent whenever the
 * browser is online (at once, and when the connection comes back), then the paper is read again.
 * The papers' code (Dexie) is loaded only by the exam's page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { cachedUser } from '@pwa/session/auth-token';
import { assessmentKeys } from '../api/assessment-keys';
import { devicePapers as papers } from '../lib/device-papers';

export function useOfflinePaper(assessmentId: string, viewer: string) {
  const queryClient = useQueryClient();
  const userId = cachedUser(viewer)?.id;
  const queryKey = assessmentKeys.offlinePaper(assessmentId, viewer);
  const device = useQuery({
    queryKey,
    queryFn: async () => (userId ? (await papers()).paperFor(assessmentId, userId) : null),
    networkMode: 'always',
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);

  useEffect(() => {
    if (!userId) return;
    let left = false;
    const send = () => {
      if (navigator.onLine === false) return;
      void papers()
        .then(({ sendHandedInPapers }) => sendHandedInPapers(userId))
        .then((delivered) => {
          if (!left && delivered.length > 0) void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
        })
        .catch(() => undefined);
    };
    send();
    window.addEventListener('online', send);
    return () => {
      left = true;
      window.removeEventListener('online', send);
    };
  }, [userId, queryClient]);

  return { paper: device.data ?? null, loading: device.isPending, refresh, userId };
}

/** The course's final exam kept on this device to take, or whose answers wait to be sent (the content page offline). */
export function useCoursePaper(courseId: string, viewer: string) {
  const userId = cachedUser(viewer)?.id;
  return useQuery({
    queryKey: assessmentKeys.coursePaper(courseId, viewer),
    queryFn: async () => (userId ? (await papers()).openPaperOfCourse(courseId, userId) : null),
    networkMode: 'always',
  }).data;
}
