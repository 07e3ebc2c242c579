/**
 * "No skipping ahead" (a course option): the learner may go back, and forward up to the furthest
 * point watched from the start, which grows as they watch. The server counts only contiguous
 * watching anyway; the player refuses the seek so that the learner is told at once.
 */
import { MAX_STEP_SECONDS } from './watched-ranges';

/** A seek this close past the furthest point is still allowed (the server joins ranges 1 s apart). */
export const SKIP_TOLERANCE_SECONDS = 1;

export const SKIP_REFUSED_MESSAGE = 'This course does not allow skipping ahead. You can go back to any point you have already watched.';

/** The furthest point after the player moved from `previous` to `current` while playing. */
export function advanceFurthest(furthest: number, previous: number | null, current: number): number {
  if (previous === null) return furthest;
  const step = current - previous;
  if (step > 0 && step <= MAX_STEP_SECONDS && previous <= furthest + SKIP_TOLERANCE_SECONDS) return Math.max(furthest, current);
  return furthest;
}

/** Whether a seek to `target` goes past what was watched. */
export function isSkipAhead(target: number, furthest: number): boolean {
  return target > furthest + SKIP_TOLERANCE_SECONDS;
}

/**
 * The rule on a <video>: `furthest.current` grows while it plays; a seek past it snaps back there
 * (`onRefused` then tells the learner). Used by the app's player and by the lesson shell's early
 * player before it. Returns its undoing.
 */
export function watchSkipping(video: HTMLVideoElement, furthest: { current: number }, onRefused?: () => void): () => void {
  let previous: number | null = null;
  const onTime = () => {
    if (video.paused || video.seeking) return;
    furthest.current = advanceFurthest(furthest.current, previous, video.currentTime);
    previous = video.currentTime;
  };
  const onSeeking = () => {
    previous = null;
    if (!isSkipAhead(video.currentTime, furthest.current)) return;
    video.currentTime = furthest.current;
    onRefused?.();
  };
  const onPlay = () => (previous = null);
  video.addEventListener('timeupdate', onTime);
  video.addEventListener('seeking', onSeeking);
  video.addEventListener('play', onPlay);
  return () => {
    video.removeEventListener('timeupdate', onTime);
    video.removeEventListener('seeking', onSeeking);
    video.removeEventListener('play', onPlay);
  };
}
