/** Meetings: a live course's Zoom meeting or link, its attendees registered at Zoom by queued jobs, the sweep that keeps them in line, and Zoom's attendance report fetched after the session. */
import { attendanceFetchSweepJob, meetingSweepJob, zoomSyncJobs } from '../jobs/sync-zoom-meetings';
import { meetingRoutes } from '../routes/meeting-routes';
import type { AttendanceServices } from '../services/attendance';
import { createMeetingServices, type MeetingServices } from '../services/meetings';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const meetingsDomain = defineDomain<MeetingServices, AttendanceServices, MeetingServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'meetings',
  // Zoom's attendance report is recorded by the attendance domain.
  needs: ['attendance'],
  services: createMeetingServices,
  routes: (api, services) => meetingRoutes(api, services),
  jobs: ({ services }) => [meetingSweepJob(services), attendanceFetchSweepJob(services)],
  queuedJobs: ({ services }) => zoomSyncJobs(services),
});
