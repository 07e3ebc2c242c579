/** Attendance of live sessions: report imports (streamed CSV), the attendee tables with credits, adjustments and unmatched rows. */
import { ATTENDANCE_IMPORT_PATH, attendanceRoutes } from '../routes/attendance-routes';
import { createAttendanceServices, type AttendanceServices } from '../services/attendance';
import type { CompletionServices } from '../services/completion';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const attendanceDomain = defineDomain<AttendanceServices, CompletionServices, AttendanceServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'attendance',
  // Imported, adjusted or matched attendance judges its people's completion again.
  needs: ['completions'],
  services: (deps, { completions }) => createAttendanceServices(deps, { completions }),
  routes: (api, services) => attendanceRoutes(api, services),
  // A report's bytes are read as a stream by its route (csv-parse), never held whole.
  unparsedBodies: [{ method: 'POST', path: ATTENDANCE_IMPORT_PATH, keep: 'stream' }],
});
