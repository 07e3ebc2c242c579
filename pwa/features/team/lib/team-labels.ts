/**
 * What the team screens say about a member's course (issue 33): the dashboard cell's words, and
 * the lines of a pasted invitation list. Pure, so tested without a browser.
 */
import type { DashboardCell, InvitationRow, ReminderReport } from '@contracts/orgs';
import { formatDayMonthYear } from '@pwa/lib/format';

export const STATUS_FILTERS = [
  { value: '', label: 'All statuses' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'expiring', label: 'Certificate expiring' },
] as const;

/** "In progress 40 %", "Completed 12 Nov 2026", "Overdue since 1 Nov 2026 (40 %)", then a certificate about to expire. */
export function cellLabel(cell: DashboardCell): string {
  let text: string;
  if (cell.status === 'completed') text = cell.completedAt ? `Completed ${formatDayMonthYear(cell.completedAt)}` : 'Completed';
  else if (cell.status === 'overdue') text = `Overdue since ${formatDayMonthYear(cell.dueAt!)} (${cell.progressPercent} %)`;
  else if (cell.status === 'in_progress') text = `In progress ${cell.progressPercent} %`;
  else text = cell.dueAt ? `Assigned, due ${formatDayMonthYear(cell.dueAt)}` : 'Assigned';
  if (cell.certificate?.expiring && cell.certificate.validUntil) text += ` · certificate expires ${formatDayMonthYear(cell.certificate.validUntil)}`;
  return text;
}

/** A pasted list: addresses separated by new lines, commas, semicolons or spaces; blanks dropped. */
export function pastedEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const ROW_STATUS: Record<InvitationRow['status'], string> = {
  invited: 'Invited',
  already_member: 'Already a member',
  duplicate: 'Listed twice',
  error: 'Refused',
};

export function rowStatusLabel(row: InvitationRow): string {
  return row.message ? `${ROW_STATUS[row.status]}: ${row.message}` : ROW_STATUS[row.status];
}

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** "Reminder sent to 2 people. 1 person was already reminded today." */
export function reminderSummary(report: ReminderReport): string {
  const count = (status: ReminderReport['members'][number]['status']) => report.members.filter((m) => m.status === status).length;
  return [
    `Reminder sent to ${people(report.reminded)}.`,
    count('already_today') ? `${people(count('already_today'))} already reminded today.` : '',
    count('nothing_due') ? `${people(count('nothing_due'))} with nothing outstanding.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
