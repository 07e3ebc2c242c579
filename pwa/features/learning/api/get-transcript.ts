/**
 * GET /api/lessons/:id/transcript: the cues of the lesson's captions, for the entitled whose tier
 * includes it (403 otherwise); offline, from a download's captions.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transcript } from '@contracts/webvtt';
import { getJson } from '@pwa/lib/api-client';
import { orFromDownload, retryUnlessRefused } from '../offline/from-download';
import { learningKeys } from './learning-keys';

export type { Transcript, TranscriptCue } from '@contracts/webvtt';

export function fetchTranscript(lessonId: string): Promise<Transcript> {
  return getJson<Transcript>(`/api/lessons/${encodeURIComponent(lessonId)}/transcript`);
}

export const transcriptQueryOptions = (lessonId: string, viewer: string) =>
  queryOptions({
    queryKey: learningKeys.transcript(lessonId, viewer),
    // Out of reach: made from the captions downloaded with the video (issue 34).
    queryFn: () =>
      orFromDownload(
        () => fetchTranscript(lessonId),
        (kept, userId) => kept.offlineTranscript(lessonId, userId),
      ),
    retry: retryUnlessRefused,
  });

export function useTranscript(lessonId: string, viewer: string, enabled: boolean) {
  return useQuery({ ...transcriptQueryOptions(lessonId, viewer), enabled });
}
