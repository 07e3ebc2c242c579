/**
 * Attendance arithmetic, pure (issue 30, point 3; learning spec "Attendance"): a report's rows —
 * several per person when they leave and rejoin, overlapping or repeated — become per person the
 * merged intervals inside the session window, their seconds, first join and last leave; people
 * are matched to the course's entitled attendees by Zoom registrant id (when a map is given), by a
 * staff resolution, or by e-mail (any case).
 */
export type Interval = [start: number, end: number];

export interface SessionWindow {
  start: number;
  end: number;
}

export interface ReportRow {
  /** The report's line (CSV) for error messages. */
  line?: number;
  email: string;
  name: string;
  join: number;
  leave: number;
  registrantId?: string | null;
}

export interface Presence {
  /** The e-mail in lower case, or `name:<name>` for a guest without one. */
  key: string;
  email: string;
  name: string;
  registrantId: string | null;
  intervals: Interval[];
  seconds: number;
}

/** Sorted, overlapping or touching intervals joined; empty ones dropped. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const merged: Interval[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The part of `[join, leave]` inside the window; null when none of it is. */
export function clip([join, leave]: Interval, window: SessionWindow): Interval | null {
  const start = Math.max(join, window.start);
  const end = Math.min(leave, window.end);
  return end > start ? [start, end] : null;
}

export const totalSeconds = (intervals: readonly Interval[]) => Math.floor(intervals.reduce((sum, [a, b]) => sum + (b - a), 0) / 1000);

export function personKey(email: string, name: string): string {
  const address = email.trim().toLowerCase();
  return address || `name:${name.trim().toLowerCase()}`;
}

/**
 * Rows grouped per person (by `personKey`) and merged within the window. A row wholly outside the
 * window is handed to `outside` (an error for a CSV, a note for Zoom) and counts for nothing.
 */
export function presenceOf(rows: Iterable<ReportRow>, window: SessionWindow, outside: (row: ReportRow) => void = () => {}): Presence[] {
  const people = new Map<string, Presence>();
  for (const row of rows) {
    const part = clip([row.join, row.leave], window);
    if (!part) {
      outside(row);
      continue;
    }
    const key = personKey(row.email, row.name);
    let person = people.get(key);
    if (!person) {
      person = { key, email: row.email.trim().toLowerCase(), name: row.name.trim(), registrantId: row.registrantId ?? null, intervals: [], seconds: 0 };
      people.set(key, person);
    }
    person.registrantId ??= row.registrantId ?? null;
    if (!person.name && row.name.trim()) person.name = row.name.trim();
    person.intervals.push(part);
  }
  for (const person of people.values()) {
    person.intervals = mergeIntervals(person.intervals);
    person.seconds = totalSeconds(person.intervals);
  }
  return [...people.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export interface Attendee {
  userId: string;
  email: string;
}

export interface MatchOptions {
  /** Zoom registrant id → user id (the meetings domain's registrants), when known. */
  registrants?: ReadonlyMap<string, string>;
  /** Staff resolutions of earlier unmatched rows: person key → user id. */
  resolved?: ReadonlyMap<string, string>;
}

export interface Matched extends Presence {
  userId: string;
}

/**
 * Each person matched to an entitled attendee (registrant id, then a staff resolution, then the
 * e-mail in any case) or left unmatched. Two report people matched to one account are one person:
 * their intervals merge under the first's e-mail.
 */
export function matchPeople(
  people: readonly Presence[],
  attendees: readonly Attendee[],
  options: MatchOptions = {},
): { matched: Matched[]; unmatched: Presence[] } {
  const byEmail = new Map(attendees.map((a) => [a.email.trim().toLowerCase(), a.userId]));
  const entitled = new Set(attendees.map((a) => a.userId));
  const byUser = new Map<string, Matched>();
  const unmatched: Presence[] = [];
  for (const person of people) {
    const viaRegistrant = person.registrantId ? options.registrants?.get(person.registrantId) : undefined;
    const userId = (viaRegistrant && entitled.has(viaRegistrant) ? viaRegistrant : undefined) ?? options.resolved?.get(person.key) ?? byEmail.get(person.email);
    if (!userId) {
      unmatched.push(person);
      continue;
    }
    const already = byUser.get(userId);
    if (!already) {
      byUser.set(userId, { ...person, userId, email: person.email || attendees.find((a) => a.userId === userId)?.email.toLowerCase() || person.key });
      continue;
    }
    already.intervals = mergeIntervals([...already.intervals, ...person.intervals]);
    already.seconds = totalSeconds(already.intervals);
  }
  return { matched: [...byUser.values()], unmatched };
}
