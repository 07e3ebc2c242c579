/**
 * /learn/:courseId/lessons/:lessonId: one lesson for the entitled — a video (player, transcript),
 * a text page (the server's sanitised HTML, sanitised again as it is shown), or a PDF handout —
 * with the way back to the course's content and on to the next lesson. A text page or a handout
 * counts as done once opened. Not entitled: the notice with the course page, never a broken player.
 */
import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeftIcon } from '@pwa/components/icons';
import { LazyRichText } from '@pwa/components/lazy-rich-text';
import { TextLink } from '@pwa/components/layout/router-links';
import { ApiError } from '@pwa/lib/api-client';
import { isLicenceRefused } from '@pwa/offline/learning/licence-refused';
import { lessonQueryOptions, useLesson, type LessonView } from '../api/get-lesson';
import { syllabusQueryOptions } from '../api/get-syllabus';
import { learningKeys } from '../api/learning-keys';
import { startLesson } from '../api/lesson-start';
import { useDeviceSync } from '../hooks/use-device-sync';
import { coursePath } from '../lib/learning-labels';
import { deliverProgress } from '../offline/deliver-progress';
import { AccessNotice } from './access-notice';
import { HandoutButton } from './handout-button';
import { LessonNav } from './lesson-nav';
import { LearningLoadError } from './learning-load-error';
import { useLearningStyles } from './learning-styles';
import { VideoLesson } from './video-lesson';

const useStyles = makeStyles({
  body: { maxWidth: '48rem', lineHeight: tokens.lineHeightBase400 },
  handout: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
});

/** A page or a handout is done once opened: one empty report (kept for later when offline). */
function useMarkOpened(lesson: LessonView | undefined) {
  const queryClient = useQueryClient();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!lesson || lesson.kind === 'video' || marked.current === lesson.id || (lesson.watchedPercent ?? 0) >= 100) return;
    marked.current = lesson.id;
    void deliverProgress(lesson.id, { position: 0, ranges: [] }).then((answer) => {
      if (answer) for (const queryKey of learningKeys.progressed()) void queryClient.invalidateQueries({ queryKey });
    });
  }, [lesson, queryClient]);
}

/**
 * The lesson's read, a video's playback answer and the player's code start together as this screen
 * first renders (`lesson-start.ts`), not one after the other after its commits. What is already
 * known (the lesson read before, or its kind in the course's syllabus) is not asked for again.
 */
function useStartLesson(courseId: string, lessonId: string, viewer: string) {
  const queryClient = useQueryClient();
  useState(() => {
    const lesson = queryClient.getQueryData(lessonQueryOptions(lessonId, viewer).queryKey);
    const known =
      lesson ??
      queryClient
        .getQueryData(syllabusQueryOptions(courseId, viewer).queryKey)
        ?.modules.flatMap((module) => module.lessons)
        .find((listed) => listed.id === lessonId);
    startLesson(lessonId, viewer, { video: known ? known.kind === 'video' : undefined, lesson: !lesson });
  });
}

function LessonBody({ lesson, viewer }: { lesson: LessonView; viewer: string }) {
  const styles = useStyles();
  if (lesson.kind === 'video') return <VideoLesson lesson={lesson} viewer={viewer} />;
  if (lesson.kind === 'text') return <LazyRichText className={`rich-text ${styles.body}`} html={lesson.body ?? ''} data-testid="lesson-body" />;
  return (
    <div className={styles.handout}>
      {lesson.hasDocument || lesson.materialIncluded === false ? (
        <HandoutButton lessonId={lesson.id} title={lesson.title} materialIncluded={lesson.materialIncluded !== false} />
      ) : (
        <Text>The handout for this lesson is not available yet.</Text>
      )}
    </div>
  );
}

/** `after`: what follows a lesson that opened (its review questions, composed by the route). */
export function LessonScreen({ courseId, lessonId, viewer, after }: { courseId: string; lessonId: string; viewer: string; after?: ReactNode }) {
  const styles = useLearningStyles();
  useStartLesson(courseId, lessonId, viewer);
  const lesson = useLesson(lessonId, viewer);
  useDeviceSync();
  useMarkOpened(lesson.data);
  const ownCourse = lesson.data?.courseId ?? courseId;

  useEffect(() => {
    if (!lesson.data) return;
    const previous = document.title;
    document.title = `${lesson.data.title} | LifeScience Academy`;
    return () => {
      document.title = previous;
    };
  }, [lesson.data]);

  let content;
  if (lesson.isPending) {
    content = (
      <div className={styles.center}>
        <Spinner label="Loading the lesson…" />
      </div>
    );
  } else if (lesson.isError && isLicenceRefused(lesson.error)) {
    // A download whose licence is expired, altered or another person's (issue 34): it does not play.
    content = (
      <>
        <h1 className={styles.title}>Lesson</h1>
        <Text role="alert">{lesson.error.message}</Text>
      </>
    );
  } else if (lesson.isError) {
    const status = lesson.error instanceof ApiError ? lesson.error.status : 0;
    const problem = status === 401 ? 'sign-in' : status === 403 ? 'not-entitled' : status === 404 ? 'not-found' : null;
    content = (
      <>
        <h1 className={styles.title}>{problem === 'not-found' ? 'Lesson not found' : 'Lesson'}</h1>
        {problem ? (
          <AccessNotice problem={problem} courseId={courseId} signedIn={status !== 401} />
        ) : (
          <LearningLoadError error={lesson.error} what="lesson" onRetry={() => void lesson.refetch()} />
        )}
      </>
    );
  } else {
    content = (
      <>
        <h1 className={styles.title}>{lesson.data.title}</h1>
        <LessonBody lesson={lesson.data} viewer={viewer} />
        {after}
        <LessonNav courseId={ownCourse} lessonId={lessonId} viewer={viewer} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <nav aria-label="Breadcrumb">
        <TextLink to={coursePath(ownCourse)} className={styles.back}>
          <ArrowLeftIcon size={16} />
          Course content
        </TextLink>
      </nav>
      {content}
    </div>
  );
}
