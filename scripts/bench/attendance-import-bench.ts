/**
 * `npx tsx scripts/bench/attendance-import-bench.ts` (BENCH_MYSQL_URL for MariaDB):
 * issue 30's import benchmark — a 5,000-participant Zoom report (8,000 rows: every third person
 * rejoins, every fifth row repeated) uploaded as CSV through the attendance service, and the
 * same people as a Zoom report with 20 polls answered by everyone (100,000 answers) recorded as
 * the Zoom import does; each twice (the second changes nothing). Then a CSV of five times the
 * rows for the same people, each upload alone in a process of its own: the upload is streamed, so
 * its peak memory follows the people, not the rows. Time and the heap each step leaves. Results also go to
 * bench-results/attendance-import.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { AttendanceService } from '@api/services/attendance/attendance-service';
import { createBenchDatabase } from './bench-database';

/** `--peak-csv=few|many`: only that CSV uploaded once, in a process of its own, and its peak memory printed. */
const PEAK_CSV = process.argv.find((a) => a.startsWith('--peak-csv='))?.slice('--peak-csv='.length);
const PEOPLE = 5_000;
const POLLS = 20;
const START = '2026-11-26T15:00:00.000Z';

const db = await createBenchDatabase(1);
const knex = db.knex;
const courseId = crypto.randomUUID();
const stamp = '2026-11-01T00:00:00.000Z';
await knex('courses').insert({
  id: courseId,
  title: 'Bench live',
  code: `BENCH${Date.now()}`,
  type: 'live_webinar',
  category: 'Pharmaceutical',
  price_cents: 100,
  // The outcome's rule: the attendee table computes credits (a course with no rule awards none).
  credit_rules: JSON.stringify({ types: [{ kind: 'CPE', fieldOfStudy: 'Regulatory Ethics' }], minutesPerCredit: 50, increment: 0.5, minPollRatio: 0.75 }),
  start_date: START,
  duration: 120,
  timezone: 'America/New_York',
  tags: '[]',
  is_active: true,
  current_participants: 0,
  created_at: stamp,
  updated_at: stamp,
});
const emails = Array.from({ length: PEOPLE }, (_, i) => `bench${i}@attendees.test`);
for (let i = 0; i < PEOPLE; i += 500) {
  const users = emails
    .slice(i, i + 500)
    .map((email) => ({ id: crypto.randomUUID(), name: email, email, role: 'customer', is_active: true, created_at: stamp, updated_at: stamp }));
  await knex('users').insert(users);
  await knex('entitlements').insert(
    users.map((u) => ({
      id: crypto.randomUUID(),
      user_id: u.id,
      course_id: courseId,
      source: 'grant',
      source_id: crypto.randomUUID(),
      starts_at: stamp,
      created_at: stamp,
    })),
  );
}
const two = (n: number) => String(n).padStart(2, '0');
const lines = ['Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest'];
emails.forEach((email, i) => {
  lines.push(`Person ${i},${email},11/26/2026 10:${two(i % 30)}:00 AM,11/26/2026 11:${two(i % 40)}:00 AM,60,No`);
  if (i % 3 === 0) lines.push(`Person ${i},${email},11/26/2026 11:${two(45 + (i % 10))}:00 AM,11/26/2026 11:59:00 AM,10,No`);
  if (i % 5 === 0) lines.push(lines[lines.length - 1]!);
});
const csv = Buffer.from(lines.join('\r\n'));
// The same people, five times the rows (each joins 8 times, 10 minutes apart): memory should follow the people, not the rows.
const manyLines = [lines[0]!];
emails.forEach((email, i) => {
  for (let visit = 0; visit < 8; visit++) {
    const minute = 10 * visit;
    const from = `${10 + Math.floor(minute / 60)}:${two(minute % 60)}`;
    const to = `${10 + Math.floor((minute + 8) / 60)}:${two((minute + 8) % 60)}`;
    manyLines.push(`Person ${i},${email},11/26/2026 ${from}:00 AM,11/26/2026 ${to}:00 AM,8,No`);
  }
});
const manyCsv = Buffer.from(manyLines.join('\r\n'));
const polls = emails.flatMap((email) => Array.from({ length: POLLS }, (_, q) => ({ email, question: `Question ${q + 1}?` })));

const service = new AttendanceService({ knex, clock: () => new Date('2026-11-26T18:00:00.000Z') });
const actor = { id: crypto.randomUUID(), email: 'bench@academy.test' };
async function measure<T>(label: string, work: () => Promise<T>) {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const result = await work();
  const ms = Math.round(performance.now() - started);
  const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
  // maxRSS: the process's peak resident memory so far (it only grows), in MB.
  const row = {
    step: label,
    ms,
    heapAfterMb: mb(process.memoryUsage().heapUsed),
    heapDeltaMb: mb(process.memoryUsage().heapUsed - heapBefore),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    result,
  };
  console.log(JSON.stringify(row));
  return row;
}
const chunks = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 65_536) yield bytes.subarray(i, i + 65_536);
    })(),
  );
const at = (local: string) => Date.parse(`2026-11-26T${local}:00.000Z`) + 5 * 3_600_000;
const zoomRows = emails.flatMap((email, i) => [
  { email, name: `Person ${i}`, join: at(`10:${two(i % 30)}`), leave: at(`11:${two(i % 40)}`), registrantId: null },
  ...(i % 3 === 0 ? [{ email, name: `Person ${i}`, join: at(`11:${two(45 + (i % 10))}`), leave: at('11:59'), registrantId: null }] : []),
]);
const zoom = () => service.recordReport({ courseId, source: 'zoom', rows: zoomRows, polls }).then(({ notes, ...r }) => ({ ...r, notes: notes.length }));
const csvImport = (bytes = csv) => service.importCsv(actor, courseId, 'text/csv', chunks(bytes), { report: 'attendance' });
if (PEAK_CSV) {
  const bytes = PEAK_CSV === 'many' ? manyCsv : csv;
  const summary = await csvImport(bytes);
  console.log(JSON.stringify({ rows: summary.rows, people: summary.people, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
  await db.destroy();
  process.exit(0);
}

const results = [
  await measure(`CSV upload: ${lines.length - 1} rows, ${PEOPLE} people (${db.engine})`, () => csvImport()),
  await measure('CSV again (unchanged)', () => csvImport()),
  await measure(`Zoom report: ${zoomRows.length} rows, ${PEOPLE} people, ${POLLS} polls (${polls.length} answers)`, zoom),
  await measure('Zoom report again (unchanged)', zoom),
  await measure('attendee table with credits', () => service.list(courseId).then((rows) => rows.length)),
];
fs.mkdirSync('bench-results', { recursive: true });
await db.destroy();
// The same people at five times the rows, each upload alone in a fresh process: the peak memory follows the people, not the rows.
const peaks = (['few', 'many'] as const).map((which) => {
  const child = spawnSync('npx', ['tsx', process.argv[1]!, `--peak-csv=${which}`], { encoding: 'utf8', env: process.env });
  if (child.status !== 0) throw new Error(`the ${which} upload failed: ${child.stderr}`);
  const peak = JSON.parse(child.stdout.trim().split('\n').pop()!) as { rows: number; people: number; peakRssMb: number };
  console.log(JSON.stringify({ step: `CSV upload alone: ${peak.rows} rows, ${peak.people} people`, peakRssMb: peak.peakRssMb }));
  return peak;
});
fs.writeFileSync(path.join('bench-results', 'attendance-import.json'), JSON.stringify({ engine: db.engine, results, peaks }, null, 2));
