/**
 * Session reminders, the pure part: which reminders are due at time T, what they say, and when a
 * failed one is tried again. No database, no clock of its own, no network.
 *
 * A live session (live_webinar, live_seminar) of an active course gets two reminders per
 * enrollment: `day_before` at T-24h and `soon` at T-15min. One booked after its T-24h point gets
 * only `soon`; nothing is sent at or after the start. The key of a reminder includes the start, so
 * a rescheduled session gets reminders for its new start.
 */
import crypto from 'node:crypto';
import type { ReminderKind } from '@db/models';
import { MAX_PUSH_PAYLOAD_BYTES, type ReminderPayload } from '@contracts/push';

export type { ReminderKind };

export const DAY_BEFORE_MS = 24 * 60 * 60_000;
export const SOON_MS = 15 * 60_000;

/** An enrollment in a live session whose reminders are not all claimed yet. */
export interface ReminderCandidate {
  enrollmentId: string;
  enrolledAt: string;
  startsAt: string;
  /** Kinds already claimed for this start. */
  claimed: ReminderKind[];
}

export interface PlannedReminder {
  enrollmentId: string;
  startsAt: string;
  kind: ReminderKind;
}

/**
 * The window each kind is sent in, as start-date bounds for a query at `now`:
 * `soon` while now ∈ [start-15min, start), `day_before` while now ∈ [start-24h, start-15min).
 */
export function reminderWindows(now: Date): { soon: { after: string; until: string }; dayBefore: { after: string; until: string } } {
  const t = now.getTime();
  return {
    soon: { after: now.toISOString(), until: new Date(t + SOON_MS).toISOString() },
    dayBefore: { after: new Date(t + SOON_MS).toISOString(), until: new Date(t + DAY_BEFORE_MS).toISOString() },
  };
}

/**
 * What is due at `now`: reminders to claim and send, and `day_before` reminders to record as
 * skipped (the enrollment came after the T-24h point), so they are not looked at again.
 */
export function dueReminders(candidates: ReminderCandidate[], now: Date): { due: PlannedReminder[]; skipped: PlannedReminder[] } {
  const t = now.getTime();
  const due: PlannedReminder[] = [];
  const skipped: PlannedReminder[] = [];
  for (const c of candidates) {
    const start = Date.parse(c.startsAt);
    if (!(t < start)) continue;
    const planned = (kind: ReminderKind) => ({ enrollmentId: c.enrollmentId, startsAt: c.startsAt, kind });
    if (t >= start - SOON_MS) {
      if (!c.claimed.includes('soon')) due.push(planned('soon'));
      continue;
    }
    if (t >= start - DAY_BEFORE_MS && !c.claimed.includes('day_before')) {
      if (Date.parse(c.enrolledAt) <= start - DAY_BEFORE_MS) due.push(planned('day_before'));
      else skipped.push(planned('day_before'));
    }
  }
  return { due, skipped };
}

/** "in 24 hours", "in 15 minutes", "in 3 hours 20 minutes" (rounded to the minute). */
export function startsIn(msLeft: number): string {
  const minutes = Math.max(1, Math.round(msLeft / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (hours === 0) return `in ${unit(rest, 'minute')}`;
  return rest === 0 ? `in ${unit(hours, 'hour')}` : `in ${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

function validZone(timeZone: string | null): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** "Tue, Dec 1, 2026, 2:00 PM EST" in the course's own zone. */
export function formatInZone(iso: string, timeZone: string | null): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: validZone(timeZone),
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** "2026-12-01 19:00 UTC". */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export interface ReminderSubject {
  courseId: string;
  courseTitle: string;
  courseType: string;
  timezone: string | null;
  startsAt: string;
  kind: ReminderKind;
}

const SESSION_WORD: Record<string, string> = { live_webinar: 'live webinar', live_seminar: 'live seminar' };

/** The notification's tag: one per session (course and start) and kind, so a repeat replaces it. */
export function reminderTag(s: Pick<ReminderSubject, 'courseId' | 'startsAt' | 'kind'>): string {
  return `session-${s.courseId}-${s.startsAt.replace(/[^0-9]/g, '').slice(0, 12)}-${s.kind}`;
}

/** The push Topic header (≤ 32 base64url characters): an undelivered message of the same session and kind is replaced. */
export function reminderTopic(s: Pick<ReminderSubject, 'courseId' | 'startsAt' | 'kind'>): string {
  return crypto.createHash('sha256').update(`${s.courseId}|${s.startsAt}|${s.kind}`).digest('base64url').slice(0, 32);
}

export function coursePath(courseId: string): string {
  return `/courses/${encodeURIComponent(courseId)}`;
}

/**
 * The notification: title, body (start in the course's zone and in UTC), the course page — or the
 * person's own join link (`/join/…`, issue 30) when they have one —, the tag. Never over the RFC 8291 limit.
 */
export function reminderPayload(s: ReminderSubject, now: Date, joinUrl: string | null = null): ReminderPayload {
  const when = formatInZone(s.startsAt, s.timezone);
  const word = SESSION_WORD[s.courseType] ?? 'live session';
  const body = `Your ${word} starts ${startsIn(Date.parse(s.startsAt) - now.getTime())}: ${when} (${formatUtc(s.startsAt)}).`;
  const url = joinUrl ? new URL(joinUrl).pathname : coursePath(s.courseId);
  const payload: ReminderPayload = { title: s.courseTitle, body, url, tag: reminderTag(s) };
  // Titles are at most 300 characters, but the limit is in bytes: shorten the title until it fits.
  while (Buffer.byteLength(JSON.stringify(payload)) > MAX_PUSH_PAYLOAD_BYTES && payload.title.length > 1) {
    payload.title = `${[...payload.title].slice(0, Math.max(1, [...payload.title].length - 50)).join('')}…`;
  }
  return payload;
}

/** The e-mail version: subject and paragraphs for composeMail (with the person's own join link when they have one). */
export function reminderMail(s: ReminderSubject, now: Date, courseUrl: string, joinUrl: string | null = null): { subject: string; paragraphs: string[] } {
  const word = SESSION_WORD[s.courseType] ?? 'live session';
  const left = startsIn(Date.parse(s.startsAt) - now.getTime());
  return {
    subject: `Reminder: “${s.courseTitle}” starts ${left}`,
    paragraphs: [
      `Your ${word} “${s.courseTitle}” starts ${left}.`,
      `Start: ${formatInZone(s.startsAt, s.timezone)}${s.timezone ? ` (${validZone(s.timezone)})` : ''}, which is ${formatUtc(s.startsAt)}.`,
      ...(joinUrl ? [`Join the session (your personal link, it opens 30 minutes before the start): ${joinUrl}`] : []),
      `Course page: ${courseUrl}`,
      'You receive this because you are enrolled. You can turn reminders off on your profile page.',
    ],
  };
}

/** Seconds the push service may hold the message: until the session starts (at least 1). */
export function ttlSeconds(startsAt: string, now: Date): number {
  return Math.max(1, Math.floor((Date.parse(startsAt) - now.getTime()) / 1000));
}

/** Exponential backoff (30 s, 1, 2, 4 … minutes, at most 15), never sooner than the service's Retry-After. */
export function retryDelayMs(attempts: number, retryAfterMs: number | null): number {
  const backoff = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
  return Math.max(backoff, retryAfterMs ?? 0);
}
