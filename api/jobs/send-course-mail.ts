/**
 * Mail that follows catalogue changes (issue 16), every minute and at start: calendar updates and
 * cancellations of rescheduled, archived or deleted live sessions, and "the recording is
 * available" after the seminar sweep. Safe in any number of processes: each mail is claimed with
 * a conditional UPDATE before it is sent (services/calendar, services/recording-notices.ts).
 */
import type { Logger } from '../logger';
import type { CalendarService } from '../services/calendar/calendar-invites';
import type { RecordingNoticeService } from '../services/calendar/recording-notices';
import type { PeriodicJob } from './definitions';

type CourseMailServices = { calendar: CalendarService; recordingNotices: RecordingNoticeService };

export async function sendCourseMail(services: CourseMailServices, logger: Logger): Promise<void> {
  const updates = await services.calendar.sendDue();
  const notices = await services.recordingNotices.sendDue();
  if (updates || notices) logger.info(`Course mail: ${updates} calendar update(s), ${notices} recording notice(s)`);
}

export function courseMailJob(services: CourseMailServices): PeriodicJob {
  return { name: 'course-mail', everySeconds: 60, atStart: true, run: ({ logger }) => sendCourseMail(services, logger) };
}
