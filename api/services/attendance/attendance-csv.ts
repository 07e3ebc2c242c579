/** The attendee table as CSV for staff (issue 30, point 3): UTF-8 with a BOM, formula-like cells neutralised like the orders export. */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AttendanceRowDto } from '@contracts/attendance';
import { formatCredits } from '@contracts/credits';
import { neutralise } from '../orders/order-report';

export const ATTENDANCE_CSV_COLUMNS = ['email', 'name', 'joinedAt', 'leftAt', 'minutes', 'pollsAnswered', 'pollsAsked', 'credits', 'status', 'reason'] as const;

export function attendanceCsv(rows: readonly AttendanceRowDto[]): Readable {
  const csv = stringify({ header: true, columns: [...ATTENDANCE_CSV_COLUMNS], bom: true, cast: { string: neutralise } });
  const lines = rows.map((r) => [
    r.email,
    r.name,
    r.joinedAt ?? '',
    r.leftAt ?? '',
    r.minutes,
    r.pollsAnswered,
    r.pollsAsked,
    formatCredits(r.credits),
    r.status,
    r.reason ?? '',
  ]);
  return Readable.from(lines).pipe(csv);
}
