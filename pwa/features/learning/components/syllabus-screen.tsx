/**
 * /learn/:courseId: the course's content — modules, lessons, handouts and what is done — with a
 * Continue to the first lesson not yet done. Anyone may see the titles; someone who may not open
 * the lessons is told so (LEARNING_MESSAGES.notEntitled) with the course page, never a dead link.
 */
import { Spinner, Text } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import { isLiveSessionType } from '@contracts/live-sessions';
import { useCourse } from '@pwa/catalogue/api/course';
import { ArrowLeftIcon } from '@pwa/components/icons';
import { EmptyState } from '@pwa/components/empty-state';
import { ApiError } from '@pwa/lib/api-client';
import { ButtonLink, TextLink } from '@pwa/components/layout/router-links';
import { useSyllabus } from '../api/get-syllabus';
import { DownloadButton } from './download-button';
import { useDeviceSync } from '../hooks/use-device-sync';
import { lessonPath, lessonsOf } from '../lib/learning-labels';
import { AccessNotice } from './access-notice';
import { JoinSession } from './join-session';
import { LearningLoadError } from './learning-load-error';
import { MyAttendance } from './my-attendance';
import { SeminarTicket } from './seminar-ticket';
import { useLearningStyles } from './learning-styles';
import { SyllabusList } from './syllabus-list';

/** `exam`: the course's final exam, shown to the entitled (composed by the route). */
export function SyllabusScreen({ courseId, viewer, exam }: { courseId: string; viewer: string | null; exam?: ReactNode }) {
  const styles = useLearningStyles();
  const course = useCourse(courseId);
  const syllabus = useSyllabus(courseId, viewer);
  useDeviceSync();
  const title = course.data?.title ?? 'Course content';

  useEffect(() => {
    if (!course.data) return;
    const previous = document.title;
    document.title = `${course.data.title}: content | LifeScience Academy`;
    return () => {
      document.title = previous;
    };
  }, [course.data]);

  let content;
  if (syllabus.isPending) {
    content = (
      <div className={styles.center}>
        <Spinner label="Loading the course content…" />
      </div>
    );
  } else if (syllabus.isError && syllabus.error instanceof ApiError && syllabus.error.status === 404) {
    content = (
      <EmptyState
        title="Course Not Found"
        description="The course you're looking for doesn't exist or has been removed."
        action={<ButtonLink to="/courses">Browse Courses</ButtonLink>}
      />
    );
  } else if (syllabus.isError) {
    content = <LearningLoadError error={syllabus.error} what="course content" onRetry={() => void syllabus.refetch()} />;
  } else {
    const lessons = lessonsOf(syllabus.data);
    const next = lessons.find((l) => (l.watchedPercent ?? 0) < 100) ?? lessons[0];
    content = (
      <>
        {!syllabus.data.entitled ? <AccessNotice problem="not-entitled" courseId={courseId} signedIn={!!viewer} /> : null}
        {syllabus.data.entitled && viewer && course.data?.type === 'live_seminar' ? <SeminarTicket courseId={courseId} viewer={viewer} /> : null}
        {syllabus.data.entitled && viewer && (course.data?.type === 'live_seminar' || course.data?.type === 'live_webinar') ? (
          <MyAttendance courseId={courseId} viewer={viewer} />
        ) : null}
        {syllabus.data.entitled && viewer && course.data && isLiveSessionType(course.data.type) ? (
          <JoinSession courseId={courseId} viewer={viewer} title={course.data.title} />
        ) : null}
        {syllabus.data.entitled && next ? (
          <div className={styles.actions}>
            <ButtonLink to={lessonPath(courseId, next.id)} appearance="primary">
              {lessons.some((l) => (l.watchedPercent ?? 0) > 0) ? 'Continue' : 'Start'}
            </ButtonLink>
            {viewer ? <DownloadButton courseId={courseId} title={title} /> : null}
          </div>
        ) : null}
        {lessons.length === 0 ? <Text>This course has no lessons yet.</Text> : <SyllabusList syllabus={syllabus.data} />}
        {syllabus.data.entitled ? exam : null}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <nav aria-label="Breadcrumb">
        <TextLink to={viewer ? '/learn' : `/courses/${encodeURIComponent(courseId)}`} className={styles.back}>
          <ArrowLeftIcon size={16} />
          {viewer ? 'My Training' : 'Course page'}
        </TextLink>
      </nav>
      <div>
        <p className={styles.eyebrow}>Course content</p>
        <h1 className={styles.title}>{title}</h1>
      </div>
      {content}
    </div>
  );
}
