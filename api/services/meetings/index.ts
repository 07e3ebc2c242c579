/** The meetings domain's services: a live course's meeting (Zoom or a link) and the work of its queued jobs. */
import { ZoomClient } from '../../integrations/zoom';
import type { ServiceDependencies } from '../dependencies';
import { MeetingService } from './meeting-service';
import { ZoomSync } from './zoom-sync';

export { MeetingService } from './meeting-service';
export { syncCourseAttendees } from './attendees';
export { SYNC_ZOOM_MEETING, SYNC_ZOOM_REGISTRANT } from './meeting-jobs';

export interface MeetingServices {
  meetings: MeetingService;
  zoomSync: ZoomSync;
}

export function createMeetingServices({ knex, clock, zoom }: ServiceDependencies): MeetingServices {
  const client = zoom ? new ZoomClient(zoom) : null;
  return { meetings: new MeetingService({ knex, clock, zoomConfigured: !!client }), zoomSync: new ZoomSync({ knex, clock, zoom: client }) };
}
