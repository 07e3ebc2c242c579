/**
 * What My Training says of a person's own attendance at a live session (issue 30): the minutes,
 * the polls answered, and the credit — "1.5 CPE — Regulatory Ethics", or why there is none: "No
 * credit: 20 min < 50 min; polls 17 % < 75 %", or, for a course without a credit rule, "This
 * session awards no credits". Credits read through the one formatter.
 */
import { JOIN_LOG_STATUS, type AttendanceRowDto } from '@contracts/attendance';
import { NO_CREDIT_RULE_REASON, formatCredits } from '@contracts/credits';

export type OwnAttendance = Pick<AttendanceRowDto, 'minutes' | 'pollsAnswered' | 'pollsAsked' | 'credits' | 'status' | 'reason'>;

export function creditLine(row: OwnAttendance): string {
  const earned = row.credits.filter((c) => c.amount > 0);
  if (earned.length > 0) return formatCredits(earned);
  if (row.status === 'no_credit_rule') return NO_CREDIT_RULE_REASON;
  // A join-log row lists each of the rule's types at 0 until a report comes; with no rule it lists none, and none will come.
  if (row.status === JOIN_LOG_STATUS) return row.credits.length === 0 ? NO_CREDIT_RULE_REASON : `No credit yet: ${row.reason ?? 'no attendance report yet'}`;
  return row.reason ? `No credit: ${row.reason}` : 'No credit';
}

/** "85 min attended"; a join by link alone (no report yet) proves no minutes, so it says none were recorded rather than "0 min". */
export const minutesLine = (row: OwnAttendance): string => (row.status === JOIN_LOG_STATUS ? 'Time attended: not recorded yet' : `${row.minutes} min attended`);

/** "Polls answered: 5 / 6", or none when the session asked none. */
export const pollsLine = (row: OwnAttendance): string | null => (row.pollsAsked > 0 ? `Polls answered: ${row.pollsAnswered} / ${row.pollsAsked}` : null);
