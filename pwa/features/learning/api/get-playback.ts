/**
 * GET /api/lessons/:id/playback: the video's signed addresses (short-lived), its captions, the
 * resume point and the furthest point watched. Asked afresh each time a lesson opens (never kept;
 * the lesson page starts asking beside the lesson itself, `lesson-start.ts`),
 * and again by the player before the credential runs out (`fetchPlayback`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaybackAnswer } from '@contracts/learning';
import { ApiError, getJson } from '@pwa/lib/api-client';
import { learningKeys } from './learning-keys';
import { startedKeys, takeRead } from './started-reads';

export function fetchPlayback(lessonId: string): Promise<PlaybackAnswer> {
  return getJson<PlaybackAnswer>(`/api/lessons/${encodeURIComponent(lessonId)}/playback`);
}

export const playbackQueryOptions = (lessonId: string, viewer: string) =>
  queryOptions({
    queryKey: learningKeys.playback(lessonId, viewer),
    // The read started beside the lesson's (`lesson-start.ts`), if there is one: still this opening's.
    queryFn: () => takeRead(startedKeys.playback(lessonId), viewer, () => fetchPlayback(lessonId)),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function usePlayback(lessonId: string, viewer: string, enabled: boolean) {
  return useQuery({ ...playbackQueryOptions(lessonId, viewer), enabled });
}
