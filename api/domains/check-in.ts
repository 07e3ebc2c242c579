/** Check-in at the venue (issue 30, point 5): seminar tickets, the scanner's list, check-ins. */
import { checkInAttendanceJob } from '../jobs/check-in-attendance';
import { checkInRoutes } from '../routes/check-in-routes';
import type { AttendanceServices } from '../services/attendance';
import { createCheckInServices, type CheckInServices } from '../services/check-in';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const checkInDomain = defineDomain<CheckInServices, object, CheckInServices & AttendanceServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'check-in',
  needs: [],
  services: (deps) => createCheckInServices(deps),
  routes: (api, services) => checkInRoutes(api, services),
  // Check-in and check-out times become the seminar's attendance (source `check_in`).
  queuedJobs: ({ knex, services }) => [checkInAttendanceJob(knex, services.attendance)],
});
