/**
 * In-person check-in (issue 30, point 5): tickets of live-seminar seats, the scanner's attendee
 * list and its check-ins. Pure facts both sides read.
 *
 * A ticket's code is `LSA1.<course>.<secret>`: `<course>` is the first 8 hex digits of the course
 * id (upper case), so a scanner that holds only its own session's list can still say at once,
 * offline, that a ticket is for another session; `<secret>` is 20 Crockford base-32 characters
 * (100 bits) the server derives from the seat with its key, so it can show the holder their code
 * again while the database keeps only its SHA-256 (a bearer secret: a copy of the table, or a
 * lost scanner, lets nobody in). Crockford's alphabet and the normalisation below let a code be
 * typed by hand: case, spaces and dashes do not matter, and O/I/L read as 0/1/1.
 */
import { z } from 'zod';

export const TICKET_PREFIX = 'LSA1';
export const TICKET_SECRET_LENGTH = 20;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The course's part of its tickets' codes. */
export const ticketCourseTag = (courseId: string) => courseId.replace(/-/g, '').slice(0, 8).toUpperCase();

/** 100 bits of `bytes` (≥ 13) in Crockford base 32: a ticket's secret. */
export function ticketSecret(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5 && out.length < TICKET_SECRET_LENGTH) {
      out += CROCKFORD[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export interface ParsedTicket {
  /** The canonical code (what is hashed). */
  code: string;
  courseTag: string;
}

/** A scanned or typed code in its canonical form, or null when it is not a ticket's code at all. */
export function parseTicketCode(input: string): ParsedTicket | null {
  const [prefix, courseTag, secret, ...rest] = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .split('.');
  if (rest.length || prefix !== TICKET_PREFIX || !courseTag || !/^[0-9A-F]{8}$/.test(courseTag) || !secret) return null;
  const read = secret.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{20}$/.test(read)) return null;
  return { code: `${TICKET_PREFIX}.${courseTag}.${read}`, courseTag };
}

/** The code as printed under the QR: the secret in groups of five, for reading aloud and typing. */
export const displayTicketCode = (code: string) => code.replace(/\.([0-9A-Z]{20})$/, (_m, s: string) => `.${s.match(/.{5}/g)!.join('-')}`);

export const CHECK_IN_KINDS = ['in', 'out'] as const;
export type CheckInKind = (typeof CHECK_IN_KINDS)[number];

/** A check-in time more than this far ahead of the server's clock is refused (a device's clock may be a little fast). */
export const CHECK_IN_FUTURE_TOLERANCE_MS = 10 * 60_000;

export const CHECK_IN_MESSAGES = {
  notSeminar: 'Tickets are only issued for in-person seminars.',
  noTicket: 'You do not have a ticket for this course.',
  unknown: 'Unknown ticket',
  otherSession: 'This ticket is for another session',
  revoked: 'Ticket revoked',
  notIn: 'Not checked in: a check-out needs a check-in at or before its time.',
  badTime: 'The check-in time must be a date and time, not in the future.',
  badTicket: 'Ticket code is required',
} as const;

export const checkInSchema = z
  .object({
    ticket: z.string().trim().min(1, CHECK_IN_MESSAGES.badTicket).max(100, CHECK_IN_MESSAGES.unknown),
    kind: z.enum(CHECK_IN_KINDS),
    at: z
      .string()
      .max(40)
      .refine((value) => !Number.isNaN(Date.parse(value)), CHECK_IN_MESSAGES.badTime),
    /** The scanner that recorded it (its own random id). */
    deviceId: z.string().max(64).optional(),
  })
  .strict();
export type CheckInRequest = z.infer<typeof checkInSchema>;

/** `GET /api/me/courses/:id/ticket`. */
export interface TicketView {
  code: string;
  /** The code as a QR code (SVG markup). */
  qrSvg: string;
  course: { id: string; title: string; location: string | null };
  startsAt: string | null;
  holderName: string;
}

/** A check-in as stored: one row per ticket, kind and time. */
export interface CheckInView {
  id: string;
  courseId: string;
  ticketHash: string;
  kind: CheckInKind;
  at: string;
  holderName: string;
}

/** One seat on the scanner's list. */
export interface CheckInAttendee {
  /** SHA-256 (hex) of the ticket's canonical code. */
  ticketHash: string;
  name: string;
  revoked: boolean;
  /** The last check-in and check-out recorded (null: none). In while `lastIn` is later than `lastOut`. */
  lastIn: string | null;
  lastOut: string | null;
  /** How many check-ins and check-outs the server holds for the ticket. */
  scans: number;
}

/** `GET /api/admin/courses/:id/check-in-list`: what the scanner keeps on the device. */
export interface CheckInList {
  course: { id: string; title: string; startDate: string | null; location: string | null; courseTag: string };
  attendees: CheckInAttendee[];
}
