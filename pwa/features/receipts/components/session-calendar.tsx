/** "Add to calendar" on a course page, for a signed-in customer enrolled in its live session (issue 16). */
import type { Course } from '@contracts/catalogue';
import { isLiveSessionType } from '@contracts/live-sessions';
import { useProfile } from '@pwa/session/profile';
import { useAuth } from '@pwa/session/use-auth';
import { AddToCalendarButton } from './receipt-buttons';

export function SessionCalendar({ course }: { course: Pick<Course, 'id' | 'type' | 'startDate'> }) {
  const { user, isLoading } = useAuth();
  const customer = !isLoading && user?.role === 'customer';
  const live = isLiveSessionType(course.type) && !!course.startDate;
  const profile = useProfile(customer && live);
  const enrollment = profile.data?.enrollments.find((e) => e.courseId === course.id);
  if (!customer || !live || !enrollment?.calendar) return null;
  return <AddToCalendarButton courseId={course.id} appearance="primary" />;
}
