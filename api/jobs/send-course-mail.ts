/**
 * Mail that follows catalogue changes (issue 16), every minute: calendar updates and
 * cancellations of rescheduled, archived or deleted live sessions, and "the recording is
 * available" after the seminar sweep. Safe in any number of processes: each mail is claimed with
 * a conditional UPDATE before it is sent (services/calendar, services/recording-notices.ts).
 */
import type { Logger } from '../logger';
import type { CalendarService } from '../services/calendar/calendar-invites';
import type { RecordingNoticeService } from '../services/recording-notices';
import { every, type ScheduledJob } from './schedule';

export async function sendCourseMail(services: { calendar: CalendarService; recordingNotices: RecordingNoticeService }, logger: Logger): Promise<void> {
  const updates = await services.calendar.sendDue();
  const notices = await services.recordingNotices.sendDue();
  if (updates || notices) logger.info(`Course mail: ${updates} calendar update(s), ${notices} recording notice(s)`);
}

export function scheduleCourseMail(services: { calendar: CalendarService; recordingNotices: RecordingNoticeService }, logger: Logger): ScheduledJob {
  return every(60, 'Course mail', () => sendCourseMail(services, logger), logger);
}
