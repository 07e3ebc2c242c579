/**
 * /downloads (issue 34, point 3): the courses kept on this device — per course its size, what is
 * downloaded lesson by lesson, until when it plays offline — with Delete per course and Delete
 * all, and the space the app uses on this device. Works offline (it reads only the device).
 */
import { Button, Card, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { DOWNLOAD_CHUNK_BYTES } from '@contracts/offline-learning';
import { EmptyState } from '@pwa/components/empty-state';
import { useDocumentTitle } from '@pwa/components/layout/content-page';
import { ButtonLink, TextLink } from '@pwa/components/layout/router-links';
import { formatBytes, formatDayMonthYear } from '@pwa/lib/format';
import { deleteAllDownloads, deleteDownload } from '@pwa/offline/learning/downloader';
import { bytesDone, type StoredCourse, type StoredFile } from '@pwa/offline/learning/downloads-db';
import { useDeviceSync } from '../hooks/use-device-sync';
import { downloadedBytes, useDownloads, useStorageEstimate } from '../hooks/use-downloads';
import { coursePath, lessonPath, lessonsOf } from '../lib/learning-labels';
import { useLearningStyles } from './learning-styles';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: 0, margin: 0, listStyle: 'none' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  head: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, alignItems: 'baseline' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500 },
  meta: { color: tokens.colorNeutralForeground2 },
  lessons: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, paddingLeft: tokens.spacingHorizontalL },
  bar: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

const STATE_TEXT: Record<StoredCourse['state'], string> = { downloading: 'Downloading…', paused: 'Paused', failed: 'Stopped', complete: 'Downloaded' };

function CourseDownload({ course }: { course: StoredCourse }) {
  const styles = useStyles();
  const titles = new Map(lessonsOf(course.syllabus).map((l) => [l.id, l.title]));
  return (
    <li>
      <Card className={styles.card} aria-labelledby={`download-${course.courseId}`}>
        <div className={styles.head}>
          <h2 className={styles.title} id={`download-${course.courseId}`}>
            <TextLink to={coursePath(course.courseId)}>{course.title}</TextLink>
          </h2>
          <Button onClick={() => void deleteDownload(course.courseId)} aria-label={`Delete the download of ${course.title}`}>
            Delete
          </Button>
        </div>
        <Text className={styles.meta}>
          {STATE_TEXT[course.state]} · {formatBytes(downloadedBytes(course))} of {formatBytes(course.totalBytes)} · Plays offline until{' '}
          {formatDayMonthYear(course.licenceExpiresAt)}
        </Text>
        {course.problem ? <Text role="status">{course.problem}</Text> : null}
        <ul className={styles.lessons} aria-label={`Lessons of ${course.title}`}>
          {course.files.map((file) => {
            const percent = Math.floor((bytesDone(file, DOWNLOAD_CHUNK_BYTES) / file.bytes) * 100);
            const name = `${titles.get(file.lessonId) ?? 'Lesson'}${fileSuffix(file)}`;
            return (
              <li key={`${file.lessonId}/${file.file}`}>
                <span className={styles.bar}>
                  <TextLink to={lessonPath(course.courseId, file.lessonId)}>{name}</TextLink>
                  <span>
                    {percent}% · {formatBytes(file.bytes)}
                  </span>
                </span>
                <ProgressBar value={percent / 100} aria-label={`${name}: ${percent}% downloaded`} />
              </li>
            );
          })}
        </ul>
      </Card>
    </li>
  );
}

/** What a stored file is, beside its lesson's title: the handout, or captions in a language. */
const fileSuffix = (file: StoredFile) => (file.file === 'document.pdf' ? ' (handout)' : file.label ? ` (captions: ${file.label})` : '');

export function DownloadsScreen() {
  const page = useLearningStyles();
  const styles = useStyles();
  const downloads = useDownloads();
  const estimate = useStorageEstimate(downloads?.map((d) => `${d.courseId}:${d.files.reduce((n, f) => n + f.done.length, 0)}`).join());
  const [deleting, setDeleting] = useState(false);
  useDeviceSync();

  useDocumentTitle('Downloads');

  return (
    <div className={page.page}>
      <h1 className={page.title}>Downloads</h1>
      {estimate ? (
        <Text as="p" className={styles.meta} data-testid="storage-estimate">
          This app uses {formatBytes(estimate.usage)} of the {formatBytes(estimate.quota)} it may use on this device.
        </Text>
      ) : null}
      {downloads === undefined ? null : downloads.length === 0 ? (
        <EmptyState
          title="No downloads"
          description="Download a course from My Training to learn without a connection."
          action={
            <ButtonLink to="/learn" appearance="primary">
              My Training
            </ButtonLink>
          }
        />
      ) : (
        <>
          <ul className={styles.list} aria-label="Downloaded courses">
            {downloads.map((course) => (
              <CourseDownload key={course.courseId} course={course} />
            ))}
          </ul>
          <div>
            <Button
              disabled={deleting}
              onClick={() => {
                setDeleting(true);
                void deleteAllDownloads().finally(() => setDeleting(false));
              }}
            >
              Delete all downloads
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
