/** Reading what the API hands out as files: PDF text (pdf-parse), a PDF's QR code (jsQR) and iCalendar events (ical.js). */
import zlib from 'node:zlib';
import ICAL from 'ical.js';
import jsQR from 'jsqr';

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

/**
 * The text of the QR code a PDF draws as vector squares (the certificate's): its pages' drawing
 * operators are read (Flate streams inflated), the small equal squares put back on their grid,
 * and the picture decoded with jsQR as a phone's camera would. Null when there is none to read.
 */
export function pdfQrCode(pdf: Uint8Array): string | null {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const squares: Array<[number, number, number]> = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let body: string;
    try {
      body = zlib.inflateSync(bytes.subarray(start, text.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue;
    }
    for (const r of body.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g))
      if (r[3] === r[4] && Number(r[3]) < 10) squares.push([Number(r[1]), Number(r[2]), Number(r[3])]);
  }
  if (squares.length === 0) return null;
  const cell = squares[0]![2];
  const left = Math.min(...squares.map(([x]) => x));
  const top = Math.min(...squares.map(([, y]) => y));
  const modules = Math.round((Math.max(...squares.map(([x]) => x)) - left) / cell) + 1;
  const scale = 4;
  const quiet = 4;
  const side = (modules + quiet * 2) * scale;
  const image = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [x, y] of squares) {
    const col = Math.round((x - left) / cell) + quiet;
    const row = Math.round((y - top) / cell) + quiet;
    for (let dy = 0; dy < scale; dy += 1)
      for (let dx = 0; dx < scale; dx += 1)
        image.fill(0, ((row * scale + dy) * side + col * scale + dx) * 4, ((row * scale + dy) * side + col * scale + dx) * 4 + 3);
  }
  return jsQR(image, side, side)?.data ?? null;
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
