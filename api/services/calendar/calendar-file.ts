/**
 * One live session as an iCalendar file (RFC 5545 / iTIP RFC 5546) built with ical-generator:
 * METHOD:REQUEST for the invite and its updates, CANCEL when the session is called off, PUBLISH
 * for "Add to calendar" downloads. The UID is the invite's id (stable per buyer and course),
 * SEQUENCE rises with every change; DTSTART/DTEND carry the course's zone as TZID (its IANA
 * name, e.g. US/Eastern → America/New_York) with a VTIMEZONE from timezones-ical-library, so
 * Outlook and Google show the right local time. Pure: no database, no clock.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { wallClockAt } from '@contracts/time-zones';

export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface SessionEvent {
  /** The invite's id: the event's UID is `<id>@<host>`. */
  inviteId: string;
  sequence: number;
  title: string;
  /** UTC ISO instants. */
  start: string;
  end: string;
  /** The course's zone (one of the eight the back office offers), or null for UTC. */
  timeZone: string | null;
  /** The venue, or the course's address for online sessions. */
  location: string;
  url: string;
  description: string;
}

export interface CalendarParty {
  name: string;
  email: string;
}

const METHODS: Record<CalendarMethod, ICalCalendarMethod> = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
};

/** The zone's VTIMEZONE and its IANA name, or null when the library does not know it. */
function vtimezone(zone: string): { block: string; tzid: string } | null {
  const found = tzlib_get_ical_block(zone) as unknown;
  if (!Array.isArray(found) || typeof found[0] !== 'string' || typeof found[1] !== 'string') return null;
  return { block: found[0], tzid: found[1].replace(/^TZID=/, '') };
}

/**
 * The wall clock of `iso` in `tzid` as a local date-time string. ical-generator formats a
 * string date with a zone by its local fields, so a string without offset is read back as
 * exactly this wall clock.
 */
function wallClockString(iso: string, tzid: string): string {
  const w = wallClockAt(Date.parse(iso), tzid);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

export function uidOf(inviteId: string, host: string): string {
  return `${inviteId}@${host}`;
}

export function buildCalendarFile(input: {
  method: CalendarMethod;
  event: SessionEvent;
  organizer: CalendarParty;
  attendee: CalendarParty | null;
  host: string;
  stamp: Date;
}): string {
  const { method, event, organizer, attendee } = input;
  const zone = event.timeZone ? vtimezone(event.timeZone) : null;
  const calendar = ical({ prodId: { company: 'LifeScience Academy', product: 'Live sessions', language: 'EN' }, method: METHODS[method] });
  if (zone) calendar.timezone({ name: null, generator: (tz) => (tz === zone.tzid ? zone.block : null) });
  const created = calendar.createEvent({
    id: uidOf(event.inviteId, input.host),
    sequence: event.sequence,
    stamp: input.stamp,
    start: zone ? wallClockString(event.start, zone.tzid) : new Date(event.start),
    end: zone ? wallClockString(event.end, zone.tzid) : new Date(event.end),
    timezone: zone?.tzid ?? null,
    summary: event.title,
    description: event.description,
    location: event.location,
    url: event.url,
    organizer: { name: organizer.name, email: organizer.email },
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  if (attendee) created.createAttendee({ name: attendee.name, email: attendee.email, rsvp: false });
  return calendar.toString();
}
