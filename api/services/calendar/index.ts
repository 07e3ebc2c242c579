/** Mail that follows the courses: calendar invites and their updates, "the recording is available". */
import type { ServiceDependencies } from '../dependencies';
import { CalendarService } from './calendar-invites';
import { RecordingNoticeService } from './recording-notices';

export interface CalendarServices {
  calendar: CalendarService;
  recordingNotices: RecordingNoticeService;
}

export function createCalendarServices({ knex, mailer, clock, logger, publicUrl, supportEmail }: ServiceDependencies): CalendarServices {
  return {
    calendar: new CalendarService({ knex, mailer, clock, logger, publicUrl, organizerEmail: supportEmail }),
    recordingNotices: new RecordingNoticeService({ knex, mailer, clock, logger, publicUrl }),
  };
}
