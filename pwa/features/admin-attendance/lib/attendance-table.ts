/**
 * How the attendee table reads (issue 30, point 6): polls as "5 / 6", credits by the one
 * formatter (`formatCredits`), statuses in words, times in the course's own zone, and the rows in
 * a stable order — by the column chosen, then by e-mail, so equal values never swap places.
 */
import type { AttendanceRowDto } from '@contracts/attendance';
import { formatCredits } from '@contracts/credits';
import { formatCourseDate, formatCourseTime } from '@pwa/lib/format';

export type SortKey = 'name' | 'email' | 'joinedAt' | 'leftAt' | 'minutes' | 'polls' | 'credits' | 'status';
export interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

export const STATUS_LABELS: Record<AttendanceRowDto['status'], string> = {
  earned: 'Earned',
  short: 'Short',
  absent: 'Absent',
  no_credit_rule: 'No credit rule',
  adjusted: 'Adjusted',
  joined_by_link: 'Joined by link',
};

export const pollsText = (row: Pick<AttendanceRowDto, 'pollsAnswered' | 'pollsAsked'>): string =>
  row.pollsAsked > 0 ? `${row.pollsAnswered} / ${row.pollsAsked}` : '—';

export const creditsText = (row: Pick<AttendanceRowDto, 'credits'>): string => (row.credits.length > 0 ? formatCredits(row.credits) : '—');

/** "Nov 26, 26 10:00 AM EST" in the course's zone; a dash when unknown. */
export function timeText(iso: string | null, timeZone: string | null | undefined): string {
  if (!iso) return '—';
  return `${formatCourseDate(iso, timeZone)} ${formatCourseTime(iso, timeZone)}`;
}

/** A row's credits added up (what the Credits column sorts by). */
export const totalCredits = (row: Pick<AttendanceRowDto, 'credits'>) => row.credits.reduce((sum, c) => sum + c.amount, 0);

function compare(a: AttendanceRowDto, b: AttendanceRowDto, key: SortKey): number {
  switch (key) {
    case 'minutes':
      return a.minutes - b.minutes;
    case 'polls':
      return a.pollsAnswered - b.pollsAnswered || a.pollsAsked - b.pollsAsked;
    case 'credits':
      return totalCredits(a) - totalCredits(b);
    case 'joinedAt':
    case 'leftAt':
      return (a[key] ?? '').localeCompare(b[key] ?? '');
    case 'status':
      return STATUS_LABELS[a.status].localeCompare(STATUS_LABELS[b.status]);
    default:
      return a[key].localeCompare(b[key], 'en', { sensitivity: 'base' });
  }
}

/** The rows in the order chosen; ties by e-mail (then id), whatever the direction. */
export function sortRows(rows: readonly AttendanceRowDto[], sort: Sort): AttendanceRowDto[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b, sort.key) || a.email.localeCompare(b.email) || a.id.localeCompare(b.id));
}
