/**
 * Attendance reports as the providers write them, for the import tests: Zoom's participants
 * export (CSV), its poll report, and a Microsoft Teams attendance report (UTF-16LE with a BOM,
 * tab-separated, in sections). The session: 26 Nov 2026, 10:00–12:00 New York (15:00–17:00 UTC).
 */
export const SESSION_START = '2026-11-26T15:00:00.000Z';
export const ZOOM_HEADER = 'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest,Recording Consent,In Waiting Room';

export interface Visit {
  name: string;
  email: string;
  join: string;
  leave: string;
}

/** Buyer X: joins early (clipped to 10:00), leaves, rejoins with an overlap, a duplicated row: 85 minutes. Y: 20 minutes. A stranger nobody bought with. */
export function outcomeVisits(x: string, y: string): Visit[] {
  return [
    { name: 'Buyer X', email: x.toUpperCase(), join: '11/26/2026 09:58:12 AM', leave: '11/26/2026 10:40:00 AM' },
    { name: 'Buyer X', email: x, join: '11/26/2026 10:35:00 AM', leave: '11/26/2026 11:25:00 AM' },
    { name: 'Buyer X', email: x, join: '11/26/2026 10:35:00 AM', leave: '11/26/2026 11:25:00 AM' },
    { name: 'Buyer Y', email: y, join: '11/26/2026 10:10:00 AM', leave: '11/26/2026 10:30:00 AM' },
    { name: 'Walk In', email: 'stranger@elsewhere.test', join: '11/26/2026 10:00:00 AM', leave: '11/26/2026 11:00:00 AM' },
  ];
}

const minutes = (v: Visit) => Math.round((Date.parse(v.leave) - Date.parse(v.join)) / 60_000);

export function zoomCsv(visits: Visit[], header = ZOOM_HEADER): string {
  return [header, ...visits.map((v) => `${v.name},${v.email},${v.join},${v.leave},${minutes(v)},No,,No`)].join('\r\n') + '\r\n';
}

/** Zoom's poll report: a preamble, then one row per answer. X answers Q1–Q5, Y Q6: 6 questions asked. */
export function zoomPollCsv(x: string, y: string): string {
  const answers = [...[1, 2, 3, 4, 5].map((q) => ['Buyer X', x, q] as const), ['Buyer Y', y, 6] as const];
  return [
    'Poll Report',
    'Report Generated:,"Nov 26, 2026 12:05 PM"',
    'Topic,ID,Actual Start Time,Actual Duration (minutes),# Question',
    'GMP Live,81234567890,"Nov 26, 2026 09:55 AM",125,6',
    '',
    '#,User Name,Email Address,Submitted Date/Time,Question,Answer',
    ...answers.map(([name, email, q], i) => `${i + 1},${name},${email},"Nov 26, 2026 10:${10 + q}:00 AM",Question ${q}?,Yes`),
  ].join('\r\n');
}

/** A Teams attendance report: summary, participants, then the in-meeting activities (one row per join). */
export function teamsReport(visits: Array<{ name: string; email: string; join: string; leave: string }>): Buffer {
  const text = [
    '1. Summary',
    'Meeting title\tGMP Live',
    'Attended participants\t2',
    'Start time\t11/26/26, 9:55:00 AM',
    'End time\t11/26/26, 12:00:00 PM',
    '',
    '2. Participants',
    'Name\tFirst Join\tLast Leave\tIn-Meeting Duration\tEmail\tParticipant ID (UPN)\tRole',
    ...visits.map((v) => `${v.name}\t${v.join}\t${v.leave}\t1h\t${v.email}\t${v.email}\tAttendee`),
    '',
    '3. In-Meeting Activities',
    'Name\tJoin Time\tLeave Time\tDuration\tEmail\tRole',
    ...visits.map((v) => `${v.name}\t${v.join}\t${v.leave}\t1h\t${v.email}\tAttendee`),
  ].join('\r\n');
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}
