/**
 * /courses/:id (storefront spec §2 Course detail): hero, badges, descriptions, "Course Details",
 * "What You'll Learn", pricing tiers or a purchase card, "Meet Your Instructor" and
 * "Course Features". A missing course or a malformed id shows "Course Not Found". The sections
 * live in features/course-detail.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { Course } from '@contracts/catalogue';
import { ArrowLeftIcon } from '../../components/icons';
import { useCourse } from '../../catalogue/api/course';
import { CourseFeatures, WhatYoullLearn } from '../../features/course-detail/course-checklists';
import { CourseDetailSkeleton } from '../../features/course-detail/course-detail-skeleton';
import { useCourseLayoutStyles } from '../../features/course-detail/course-detail-styles';
import { CourseDetails } from '../../features/course-detail/course-details';
import { CourseIntro } from '../../features/course-detail/course-intro';
import { CourseSyllabus } from '../../features/course-detail/course-syllabus';
import { CourseLoadError, CourseNotFound, isCourseNotFound } from '../../features/course-detail/course-load-states';
import { InstructorSection } from '../../features/course-detail/instructor-section';
import { CoursePurchase } from '../../features/course-detail/waitlist/course-purchase';
import { TextLink } from '../../components/layout/router-links';
import { isLiveSessionType } from '@contracts/live-sessions';
import { ReminderControls } from '../../features/push/components/reminder-controls';
import { useProfile } from '../../session/profile';
import { useAuth } from '../../session/use-auth';
import { SessionCalendar } from '../../features/receipts/components/session-calendar';

const useStyles = makeStyles({
  page: {
    width: '100%',
    maxWidth: '1280px',
    marginLeft: 'auto',
    marginRight: 'auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalXXXL}`,
    boxSizing: 'border-box',
  },
  breadcrumb: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    marginBottom: tokens.spacingVerticalL,
    fontWeight: tokens.fontWeightSemibold,
  },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    minWidth: 0,
  },
});

/** "Remind me" for a customer enrolled in this course's live session, while it is still to come. */
function SessionReminders({ course }: { course: Course }) {
  const { user, isLoading } = useAuth();
  const customer = !isLoading && user?.role === 'customer';
  const upcoming = isLiveSessionType(course.type) && !!course.startDate && Date.parse(course.startDate) > Date.now();
  const profile = useProfile(customer && upcoming);
  if (!customer || !upcoming || !profile.data?.enrollments.some((e) => e.courseId === course.id)) return null;
  return <ReminderControls />;
}

function CourseView({ course }: { course: Course }) {
  const layout = useCourseLayoutStyles();
  const styles = useStyles();
  useEffect(() => {
    const previous = document.title;
    document.title = `${course.title} | LifeScience Academy`;
    return () => {
      document.title = previous;
    };
  }, [course.title]);

  return (
    <div className={layout.layout}>
      <article className={styles.main} aria-labelledby="course-title">
        <CourseIntro course={course} />
        <CourseDetails course={course} />
        <WhatYoullLearn course={course} />
        <CourseSyllabus courseId={course.id} />
        <InstructorSection course={course} />
      </article>
      <aside className={styles.side} aria-label="Purchase options">
        <SessionReminders course={course} />
        <SessionCalendar course={course} />
        <CoursePurchase course={course} />
        <CourseFeatures course={course} />
      </aside>
    </div>
  );
}

export default function CourseDetailPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const course = useCourse(id);

  let content: ReactNode;
  if (course.isPending) {
    content = <CourseDetailSkeleton />;
  } else if (course.isError && isCourseNotFound(course.error)) {
    content = <CourseNotFound />;
  } else if (course.isError) {
    content = <CourseLoadError error={course.error} onRetry={() => void course.refetch()} />;
  } else {
    content = <CourseView course={course.data} />;
  }

  return (
    <div className={styles.page}>
      <nav aria-label="Breadcrumb">
        <TextLink to="/courses" className={styles.breadcrumb}>
          <ArrowLeftIcon size={16} />
          Back to Courses
        </TextLink>
      </nav>
      {content}
    </div>
  );
}
