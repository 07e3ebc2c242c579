/** The attendance domain's services: report imports, the attendee tables, adjustments and matching. */
import type { CompletionServices } from '../completion';
import type { ServiceDependencies } from '../dependencies';
import { AttendanceService } from './attendance-service';

export interface AttendanceServices {
  attendance: AttendanceService;
}

export function createAttendanceServices({ knex, clock }: ServiceDependencies, { completions }: Partial<CompletionServices> = {}): AttendanceServices {
  return { attendance: new AttendanceService({ knex, clock, completions }) };
}
