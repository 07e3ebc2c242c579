/** GET /api/lessons/:id/transcript: the cues of the lesson's captions, for the entitled whose tier includes it (403 otherwise). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, getJson } from '@pwa/lib/api-client';
import { learningKeys } from './learning-keys';

export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  lang: string | null;
  cues: TranscriptCue[];
}

export function fetchTranscript(lessonId: string): Promise<Transcript> {
  return getJson<Transcript>(`/api/lessons/${encodeURIComponent(lessonId)}/transcript`);
}

export const transcriptQueryOptions = (lessonId: string, viewer: string) =>
  queryOptions({
    queryKey: learningKeys.transcript(lessonId, viewer),
    queryFn: () => fetchTranscript(lessonId),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useTranscript(lessonId: string, viewer: string, enabled: boolean) {
  return useQuery({ ...transcriptQueryOptions(lessonId, viewer), enabled });
}
