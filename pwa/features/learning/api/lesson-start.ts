/**
 * What a lesson needs before its video's first frame, started together as the lesson's screen
 * first renders (before its own reads would start, after the commit) rather than one after the
 * other: the lesson, its playback answer, the player's code (hls.js and its worker) and, once the
 * playback answer is there, the playlists and the first segment (`lib/start-media.ts`). The playback answer is asked for beside the
 * lesson, not once the lesson says it is a video: a page or a handout answers it with a 400 that
 * is never shown (`started-reads.ts` drops it). Where the kind is known (the course's syllabus
 * was read), only a video's reads are started.
 */
import { hasMediaSource, preloadPlayer } from '../lib/load-hls';
import { prefetchStartMedia } from '../lib/start-media';
import { fetchLesson } from './get-lesson';
import { fetchPlayback } from './get-playback';
import { startedKeys, startRead } from './started-reads';

/** `video`: whether the lesson is a video (undefined: not known yet); `lesson`: whether its own read is wanted too. */
export function startLesson(lessonId: string, viewer: string, { video, lesson = true }: { video: boolean | undefined; lesson?: boolean }): void {
  if (lesson) startRead(startedKeys.lesson(lessonId), viewer, () => fetchLesson(lessonId));
  if (video === false) return;
  // With the answer, the media of the first frame (hls.js then finds them in the browser's cache).
  startRead(startedKeys.playback(lessonId), viewer, () =>
    fetchPlayback(lessonId).then((answer) => {
      if (hasMediaSource()) prefetchStartMedia(answer).catch(() => undefined);
      return answer;
    }),
  );
  preloadPlayer();
}
