/** Meetings: a live course's Zoom meeting or link, its attendees registered at Zoom by queued jobs, and the sweep that keeps them in line. */
import { meetingSweepJob, zoomSyncJobs } from '../jobs/sync-zoom-meetings';
import { meetingRoutes } from '../routes/meeting-routes';
import { createMeetingServices, type MeetingServices } from '../services/meetings';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const meetingsDomain = defineDomain<MeetingServices, object, MeetingServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'meetings',
  services: createMeetingServices,
  routes: (api, services) => meetingRoutes(api, services),
  jobs: ({ services }) => [meetingSweepJob(services)],
  queuedJobs: ({ services }) => zoomSyncJobs(services),
});
