/**
 * The scanner's decision on a ticket, made at once on the device from its copy of the attendee
 * list (issue 30, point 5) — online or not: the server decides the same way when the scan reaches
 * it. Pure: the list, the scanned code and its hash in, the outcome out.
 */
import { CHECK_IN_MESSAGES, parseTicketCode, type CheckInAttendee, type CheckInKind, type CheckInList } from '@contracts/check-in';

export type ScanOutcome =
  /** Recorded now: to keep on the device and send. */
  | { kind: 'recorded'; direction: CheckInKind; name: string; ticketHash: string; code: string }
  /** The same again: in already (or out already), since `at`. */
  | { kind: 'already'; direction: CheckInKind; name: string; at: string }
  /** Checking out someone who never came in. */
  | { kind: 'not-in'; name: string }
  | { kind: 'revoked'; name: string }
  | { kind: 'other-session' }
  | { kind: 'unknown' };

/** Whether the attendee is in: their last check-in is later than their last check-out. */
export const isIn = (a: Pick<CheckInAttendee, 'lastIn' | 'lastOut'>) => !!a.lastIn && (!a.lastOut || a.lastIn > a.lastOut);

/** The list's attendees by ticket hash (made once per list, so each scan is one look-up). */
export const byTicketHash = (list: CheckInList) => new Map(list.attendees.map((a) => [a.ticketHash, a]));

/** The canonical code of a scan (or null) — hashed by the caller (`ticketHash`) before `decideScan`. */
export const canonicalCode = (scanned: string) => parseTicketCode(scanned)?.code ?? null;

export function decideScan(
  list: CheckInList,
  attendees: ReadonlyMap<string, CheckInAttendee>,
  scanned: string,
  hash: string | null,
  direction: CheckInKind,
): ScanOutcome {
  const parsed = parseTicketCode(scanned);
  if (!parsed || !hash) return { kind: 'unknown' };
  const attendee = attendees.get(hash);
  // The course's tag is in the code: another session's ticket is told apart without its list.
  if (!attendee) return parsed.courseTag === list.course.courseTag ? { kind: 'unknown' } : { kind: 'other-session' };
  if (attendee.revoked) return { kind: 'revoked', name: attendee.name };
  const inside = isIn(attendee);
  if (direction === 'in' && inside) return { kind: 'already', direction, name: attendee.name, at: attendee.lastIn! };
  if (direction === 'out' && !inside) {
    return attendee.lastOut ? { kind: 'already', direction, name: attendee.name, at: attendee.lastOut } : { kind: 'not-in', name: attendee.name };
  }
  return { kind: 'recorded', direction, name: attendee.name, ticketHash: hash, code: parsed.code };
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

/** What the scanner says, and how (success, warning or refusal). */
export function outcomeMessage(outcome: ScanOutcome, time: (iso: string) => string = clock): { text: string; tone: 'success' | 'warning' | 'danger' } {
  switch (outcome.kind) {
    case 'recorded':
      return { text: `${outcome.direction === 'in' ? 'Checked in' : 'Checked out'}: ${outcome.name}`, tone: 'success' };
    case 'already':
      return { text: `Already checked ${outcome.direction} at ${time(outcome.at)} — ${outcome.name}`, tone: 'warning' };
    case 'not-in':
      return { text: `Not checked in — ${outcome.name}`, tone: 'warning' };
    case 'revoked':
      return { text: `${CHECK_IN_MESSAGES.revoked} — ${outcome.name}`, tone: 'danger' };
    case 'other-session':
      return { text: CHECK_IN_MESSAGES.otherSession, tone: 'danger' };
    case 'unknown':
      return { text: CHECK_IN_MESSAGES.unknown, tone: 'danger' };
  }
}

/** The list with one more scan kept: the attendee's last time of that kind moves on (never back). */
export function withScan(list: CheckInList, ticketHash: string, direction: CheckInKind, at: string): CheckInList {
  const field = direction === 'in' ? 'lastIn' : 'lastOut';
  return {
    ...list,
    attendees: list.attendees.map((a) => (a.ticketHash === ticketHash && (!a[field] || a[field]! < at) ? { ...a, [field]: at } : a)),
  };
}
