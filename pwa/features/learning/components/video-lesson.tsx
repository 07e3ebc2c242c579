/**
 * A video lesson: its playback answer (asked afresh each time the lesson opens), the player, and
 * the transcript whose lines move the player. Until the video is ready, or if it cannot be
 * played, a box of the player's size says so.
 */
import { Spinner, Text } from '@fluentui/react-components';
import { useRef } from 'react';
import { ApiError } from '@pwa/lib/api-client';
import { isLicenceRefused } from '@pwa/offline/learning/licence-refused';
import { usePlayback } from '../api/get-playback';
import type { LessonView } from '../api/get-lesson';
import { useLearningStyles } from './learning-styles';
import { TranscriptPanel } from './transcript-panel';
import { VideoPlayer, type PlayerHandle } from './video-player';

export function VideoLesson({ lesson, viewer }: { lesson: LessonView; viewer: string }) {
  const styles = useLearningStyles();
  const player = useRef<PlayerHandle>(null);
  // Asked for (with the player's code) beside the lesson itself: LessonScreen, `lesson-start.ts`.
  const playback = usePlayback(lesson.id, viewer, true);

  if (playback.isPending) {
    return (
      <div className={styles.placeholder}>
        <Spinner label="Loading the video…" />
      </div>
    );
  }
  if (playback.isError) {
    const error = playback.error;
    const message = error instanceof ApiError && error.status < 500 ? error.serverMessage : isLicenceRefused(error) ? error.message : undefined;
    return (
      <div className={styles.placeholder} role="alert">
        <Text>{message ?? 'The video could not be loaded. Please check your connection and reload the page.'}</Text>
      </div>
    );
  }
  return (
    <>
      <VideoPlayer lessonId={lesson.id} title={lesson.title} playback={playback.data} handle={player} />
      <TranscriptPanel
        lessonId={lesson.id}
        viewer={viewer}
        materialIncluded={lesson.materialIncluded !== false}
        onSeek={(seconds) => player.current?.seek(seconds)}
      />
    </>
  );
}
