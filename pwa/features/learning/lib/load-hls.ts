/**
 * hls.js (its light build), loaded once and only by lesson pages: a video lesson starts loading it
 * while it asks for its playback answer, so the two arrive together. A failed load is forgotten
 * (the next try asks again).
 */
import type HlsType from 'hls.js';

let loading: Promise<typeof HlsType> | undefined;

export const hasMediaSource = () => typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

export function loadHls(): Promise<typeof HlsType> {
  loading ??= import('hls.js/light').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
