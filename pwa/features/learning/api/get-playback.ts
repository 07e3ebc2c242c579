/**
 * GET /api/lessons/:id/playback: the video's signed addresses (short-lived), its captions, the
 * resume point and the furthest point watched. Asked afresh each time a lesson opens (never kept;
 * the lesson page starts asking beside the lesson itself, `lesson-start.ts`),
 * and again by the player before the credential runs out (`fetchPlayback`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaybackAnswer } from '@contracts/learning';
import { getJson } from '@pwa/lib/api-client';
import { orFromDownload, retryUnlessRefused } from '../offline/from-download';
import { learningKeys } from './learning-keys';
import { startedKeys, takeRead } from './started-reads';

/** Where this device last was in the lesson (its progress kept for later), or 0. */
async function keptPosition(lessonId: string): Promise<number> {
  const { pendingProgress } = await import('../offline/progress-queue');
  return (await pendingProgress()).find((p) => p.lessonId === lessonId)?.position ?? 0;
}

export function fetchPlayback(lessonId: string): Promise<PlaybackAnswer> {
  return getJson<PlaybackAnswer>(`/api/lessons/${encodeURIComponent(lessonId)}/playback`);
}

export const playbackQueryOptions = (lessonId: string, viewer: string) =>
  queryOptions({
    queryKey: learningKeys.playback(lessonId, viewer),
    // The read started beside the lesson's (`lesson-start.ts`), if there is one: still this opening's.
    // Out of reach: the device's downloaded copy (issue 34), from where this device last was.
    queryFn: () =>
      orFromDownload(
        () => takeRead(startedKeys.playback(lessonId), viewer, () => fetchPlayback(lessonId)),
        async (kept, userId) => kept.offlinePlayback(lessonId, userId, await keptPosition(lessonId)),
      ),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: retryUnlessRefused,
  });

export function usePlayback(lessonId: string, viewer: string, enabled: boolean) {
  return useQuery({ ...playbackQueryOptions(lessonId, viewer), enabled });
}
