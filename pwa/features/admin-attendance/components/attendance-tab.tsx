/**
 * The "Attendance" tab of a live course's editor (issue 30, point 6): the meeting (Zoom or a link,
 * its status and registrants, "Import now"), the upload of a report (with the column-mapping
 * step), the attendee table with credits and reasons (sortable, "Adjust", "Download CSV"), and the
 * unmatched rows to match. JSON writes go through the outbox; the report file is sent at once.
 */
import { useAttendanceStyles, headingTag, type HeadingLevel } from './attendance-styles';
import { AttendeeTable } from './attendee-table';
import { MeetingPanel } from './meeting-panel';
import { ReportUpload } from './report-upload';
import { UnmatchedList } from './unmatched-list';

/** The Attendance tab for a course editor's `more` tabs: live webinars and live seminars only. */
export function attendanceTabs(course: { id: string; type: string; timezone: string | null }, headingLevel: HeadingLevel) {
  if (course.type !== 'live_webinar' && course.type !== 'live_seminar') return [];
  return [{ name: 'attendance', label: 'Attendance', panel: <AttendanceTab courseId={course.id} timeZone={course.timezone} headingLevel={headingLevel} /> }];
}

export interface AttendanceTabProps {
  courseId: string;
  /** The course's own time zone: report times are read in it unless staff choose another, and times are shown in it. */
  timeZone: string | null;
  headingLevel?: HeadingLevel;
}

export function AttendanceTab({ courseId, timeZone, headingLevel = 2 }: AttendanceTabProps) {
  const styles = useAttendanceStyles();
  const Heading = headingTag(headingLevel);
  return (
    <section className={styles.tab} aria-labelledby={`attendance-${courseId}`}>
      <Heading id={`attendance-${courseId}`} className={styles.heading}>
        Attendance
      </Heading>
      <p className={styles.intro}>
        Who attended the live session, for how long, how many polls they answered and the credits that earns under the course's rules.
      </p>
      <MeetingPanel courseId={courseId} headingLevel={headingLevel + 1} />
      <ReportUpload courseId={courseId} timeZone={timeZone} headingLevel={headingLevel + 1} />
      <AttendeeTable courseId={courseId} timeZone={timeZone} headingLevel={headingLevel + 1} />
      <UnmatchedList courseId={courseId} headingLevel={headingLevel + 1} />
    </section>
  );
}
