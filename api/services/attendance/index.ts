/** The attendance domain's services: report imports, the attendee tables, adjustments and matching. */
import type { ServiceDependencies } from '../dependencies';
import { AttendanceService } from './attendance-service';

export interface AttendanceServices {
  attendance: AttendanceService;
}

export function createAttendanceServices({ knex, clock }: ServiceDependencies): AttendanceServices {
  return { attendance: new AttendanceService({ knex, clock }) };
}
