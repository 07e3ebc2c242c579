/**
 * A video lesson's video: its state from the staff syllabus ("Queued", "Processing 37 %",
 * "Ready (1:23)", "Failed: <reason>" with Retry), and the upload — "Choose video file", a progress
 * bar with the percent and Pause / Resume, resumable after a dropped connection or a reload.
 */
import { Button, Field, ProgressBar, Text } from '@fluentui/react-components';
import { unfinishedUpload } from '../api/upload-video';
import type { OutlineLesson } from '../lib/content-outline';
import { formatBytes } from '@pwa/lib/format';
import { videoStateText } from '../lib/media-files';
import type { ContentActions } from '../hooks/use-content-actions';
import { useVideoUpload, type UploadState } from '../hooks/use-video-upload';
import { headingTag, useContentStyles } from './content-styles';
import { FilePicker } from './file-picker';

const percentOf = (s: UploadState) => (s.total > 0 ? Math.floor((s.sent / s.total) * 100) : 0);

function uploadText(s: UploadState): string {
  const amount = `${percentOf(s)} % (${formatBytes(s.sent)} of ${formatBytes(s.total)})`;
  switch (s.phase) {
    case 'starting':
      return `Preparing the upload of ${s.name}…`;
    case 'uploading':
      return `${amount}${s.resumed ? ', continuing an earlier upload of this file' : ''}`;
    case 'paused':
      return `Paused at ${amount}`;
    case 'stopped':
      return `${s.message ?? 'The upload stopped.'} ${amount} is uploaded; Resume continues from there.`;
    case 'attaching':
      return 'Uploaded. Saving the lesson with the video…';
    case 'done':
      return `${s.name} uploaded.`;
    default:
      return '';
  }
}

export function VideoPanel({ lesson, actions, headingLevel }: { lesson: OutlineLesson; actions: ContentActions; headingLevel: number }) {
  const styles = useContentStyles();
  const attach = async (videoUploadId: string) =>
    (await actions.updateLesson(lesson, { videoUploadId }, 'Attach video', `Video of “${lesson.title}” uploaded; it is queued for processing.`)).kind !==
    'refused';
  const upload = useVideoUpload(lesson.id, attach);
  const s = upload.state;
  const Heading = headingTag(headingLevel);
  const statusId = `video-${lesson.id}`;
  const busy = s.phase === 'starting' || s.phase === 'uploading' || s.phase === 'paused' || s.phase === 'stopped' || s.phase === 'attaching';
  const unfinished = !busy ? unfinishedUpload(lesson.id) : undefined;
  const video = lesson.video;

  return (
    <div className={styles.panel}>
      <Heading className={styles.panelTitle}>Video</Heading>
      <div className={styles.actions}>
        <Text id={statusId} className={video?.status === 'failed' ? styles.problem : styles.meta}>
          {videoStateText(video)}
        </Text>
        {video?.status === 'failed' && video.id ? (
          <Button size="small" onClick={() => void actions.retryVideo(lesson, video.id!)} aria-label={`Retry processing the video of ${lesson.title}`}>
            Retry
          </Button>
        ) : null}
      </div>
      {unfinished ? (
        <Text className={styles.meta}>
          An upload of {unfinished.name} ({formatBytes(unfinished.size)}) did not finish. Choose the same file to continue where it stopped.
        </Text>
      ) : null}
      {s.phase !== 'idle' ? (
        <Field label={`Upload of ${s.name}`} hint={uploadText(s)} validationState={s.phase === 'stopped' ? 'warning' : 'none'}>
          <ProgressBar value={percentOf(s) / 100} max={1} thickness="large" />
        </Field>
      ) : null}
      <div className={styles.actions}>
        {s.phase === 'uploading' ? <Button onClick={upload.pause}>Pause</Button> : null}
        {s.phase === 'paused' || s.phase === 'stopped' ? (
          <Button appearance="primary" onClick={upload.resume}>
            Resume
          </Button>
        ) : null}
        <FilePicker
          label={video || s.phase === 'done' ? 'Replace video' : 'Choose video file'}
          accept="video/*,.mp4,.mov,.m4v,.webm,.mkv"
          disabled={busy}
          describedBy={statusId}
          onFile={(file) => void upload.start(file)}
        />
      </div>
    </div>
  );
}
