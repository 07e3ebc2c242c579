/** Reading what the API hands out as files: PDF text (pdf-parse) and iCalendar events (ical.js). */
import ICAL from 'ical.js';

/** The text of a PDF, pages joined. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

export interface ParsedEvent {
  method: string | null;
  uid: string;
  sequence: number;
  status: string | null;
  /** UTC ISO of DTSTART / DTEND, resolved through the file's own VTIMEZONE. */
  startUtc: string;
  endUtc: string;
  /** The TZID parameter of DTSTART. */
  tzid: string | null;
  vtimezones: string[];
  location: string | null;
  summary: string;
  attendees: string[];
}

/** Parses an .ics file with ical.js (which refuses malformed input) and resolves its one event's times. */
export function parseIcs(text: string): ParsedEvent {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  // Times are resolved with the file's own VTIMEZONE, as a calendar client does.
  for (const zone of zones) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent');
  if (events.length !== 1) throw new Error(`expected one VEVENT, got ${events.length}`);
  const vevent = events[0]!;
  const event = new ICAL.Event(vevent);
  const start = vevent.getFirstProperty('dtstart')!;
  return {
    method: (calendar.getFirstPropertyValue('method') as string | null) ?? null,
    uid: event.uid,
    sequence: event.sequence,
    status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
    startUtc: event.startDate.toJSDate().toISOString(),
    endUtc: event.endDate.toJSDate().toISOString(),
    tzid: (start.getParameter('tzid') as string | undefined) ?? null,
    vtimezones: zones.map((z) => String(z.getFirstPropertyValue('tzid'))),
    location: (vevent.getFirstPropertyValue('location') as string | null) ?? null,
    summary: event.summary,
    attendees: vevent.getAllProperties('attendee').map((p) =>
      String(p.getFirstValue())
        .replace(/^mailto:/i, '')
        .toLowerCase(),
    ),
  };
}

/** GET a file from the test server: status, headers and bytes. */
export async function download(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(baseUrl + path, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text: () => Buffer.from(bytes).toString('utf8'),
    json: () => JSON.parse(Buffer.from(bytes).toString('utf8')) as { message: string },
  };
}
