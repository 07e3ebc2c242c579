/** The query keys of a live course's attendance in the back office, the one place they are spelled, and the outbox entities of its writes. */
export const attendanceKeys = {
  all: ['course-attendance'] as const,
  /** Everything of one course's Attendance tab (what a write refreshes). */
  course: (courseId: string) => [...attendanceKeys.all, courseId] as const,
  meeting: (courseId: string) => [...attendanceKeys.course(courseId), 'meeting'] as const,
  rows: (courseId: string) => [...attendanceKeys.course(courseId), 'rows'] as const,
  unmatched: (courseId: string) => [...attendanceKeys.course(courseId), 'unmatched'] as const,
  attendees: (courseId: string) => [...attendanceKeys.course(courseId), 'attendees'] as const,
};

/** The course's meeting (provider and link): its writes go one after the other. */
export const meetingEntity = (courseId: string) => `meeting:${courseId}`;
/** The course's attendance (adjustments, matches, "Import now"): its writes go one after the other. */
export const attendanceEntity = (courseId: string) => `attendance:${courseId}`;
