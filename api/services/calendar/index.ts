/** Mail that follows the courses: calendar invites and their updates, "the recording is available". */
import type { ServiceDependencies } from '../dependencies';
import type { JoinLinkServices } from '../join-links';
import { CalendarService } from './calendar-invites';
import { RecordingNoticeService } from './recording-notices';

export interface CalendarServices {
  calendar: CalendarService;
  recordingNotices: RecordingNoticeService;
}

export function createCalendarServices(
  { knex, mailer, clock, logger, publicUrl, supportEmail }: ServiceDependencies,
  { joinLinks }: Pick<JoinLinkServices, 'joinLinks'>,
): CalendarServices {
  return {
    // Each buyer's invite carries their own join link (issue 30) once the course has a meeting.
    calendar: new CalendarService({
      knex,
      mailer,
      clock,
      logger,
      publicUrl,
      organizerEmail: supportEmail,
      joinUrl: (invite, method) => joinLinks.inviteUrl(invite, method),
    }),
    recordingNotices: new RecordingNoticeService({ knex, mailer, clock, logger, publicUrl }),
  };
}
