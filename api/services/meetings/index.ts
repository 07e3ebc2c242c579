/** The meetings domain's services: a live course's meeting (Zoom or a link), the work of its queued jobs, and Zoom's attendance report fetched into the attendance domain. */
import { ZoomClient } from '../../integrations/zoom';
import type { AttendanceServices } from '../attendance';
import type { ServiceDependencies } from '../dependencies';
import { AttendanceFetch } from './attendance-fetch';
import { MeetingService } from './meeting-service';
import { ZoomSync } from './zoom-sync';

export { MeetingService } from './meeting-service';
export { syncCourseAttendees } from './attendees';
export { FETCH_ZOOM_ATTENDANCE, SYNC_ZOOM_MEETING, SYNC_ZOOM_REGISTRANT } from './meeting-jobs';

export interface MeetingServices {
  meetings: MeetingService;
  zoomSync: ZoomSync;
  attendanceFetch: AttendanceFetch;
}

export function createMeetingServices({ knex, clock, zoom }: ServiceDependencies, { attendance }: AttendanceServices): MeetingServices {
  const client = zoom ? new ZoomClient(zoom) : null;
  return {
    meetings: new MeetingService({ knex, clock, zoomConfigured: !!client }),
    zoomSync: new ZoomSync({ knex, clock, zoom: client }),
    attendanceFetch: new AttendanceFetch({ knex, clock, zoom: client, attendance }),
  };
}
