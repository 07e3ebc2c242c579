/**
 * Reports what the learner watches: the ranges played (`WatchedRanges`) and the position, every
 * PROGRESS_INTERVAL_SECONDS while playing, on pause, when the page is hidden or left (with
 * `keepalive`) and when the lesson closes. Offline, reports are kept on the device
 * (`deliverProgress`). Timers through `repeatAfter` (no setInterval).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PROGRESS_INTERVAL_SECONDS, type LessonProgressAnswer } from '@contracts/learning';
import { repeatAfter } from '@pwa/lib/repeat';
import { learningKeys } from '../api/learning-keys';
import { deliverProgress } from '../offline/deliver-progress';
import { playedRanges, WatchedRanges } from '../lib/watched-ranges';

/** A position change smaller than this is not worth a report of its own. */
const POSITION_STEP_SECONDS = 1;

export function useProgressReporter(
  video: HTMLVideoElement | null,
  lessonId: string,
  durationSeconds: number,
  onReported?: (answer: LessonProgressAnswer) => void,
) {
  const queryClient = useQueryClient();
  const reported = useRef(onReported);
  useEffect(() => {
    reported.current = onReported;
  });

  useEffect(() => {
    if (!video) return;
    const tracker = new WatchedRanges(durationSeconds);
    // What was played before this hook had the element: the lesson shell's early player's (lib/early-player-handoff.ts).
    tracker.restore(playedRanges(video.played));
    let lastPosition = video.currentTime;
    // Where the video is, as last seen with a source: at teardown the element may already be emptied.
    let current = video.currentTime;
    const report = (keepalive = false): Promise<void> | undefined => {
      const ranges = tracker.take();
      const position = Math.min(durationSeconds, Math.max(0, current || 0));
      if (ranges.length === 0 && Math.abs(position - lastPosition) < POSITION_STEP_SECONDS) return undefined;
      lastPosition = position;
      return deliverProgress(lessonId, { position, ranges }, { keepalive })
        .then((answer) => {
          if (!answer) return;
          reported.current?.(answer);
          for (const queryKey of learningKeys.progressed()) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
        })
        .catch(() => tracker.restore(ranges));
    };
    const onTime = () => {
      if (video.readyState === HTMLMediaElement.HAVE_NOTHING) return;
      current = video.currentTime;
      if (!video.paused && !video.seeking) tracker.observe(current);
    };
    const onBreak = () => tracker.interrupt();
    const onPause = () => {
      tracker.interrupt();
      void report();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void report(true);
    };
    const onPageHide = () => void report(true);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeked', onTime);
    video.addEventListener('seeking', onBreak);
    video.addEventListener('play', onBreak);
    video.addEventListener('pause', onPause);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    // The first round finds nothing watched yet; then one every interval while playing.
    const stop = repeatAfter(PROGRESS_INTERVAL_SECONDS * 1000, () => (video.paused ? undefined : report()));
    return () => {
      stop();
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeked', onTime);
      video.removeEventListener('seeking', onBreak);
      video.removeEventListener('play', onBreak);
      video.removeEventListener('pause', onPause);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      void report(true);
    };
  }, [video, lessonId, durationSeconds, queryClient]);
}
