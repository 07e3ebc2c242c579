/**
 * Reads an uploaded attendance or poll report as a stream (csv-parse; the bytes are never held
 * whole): UTF-8 or UTF-16LE (a BOM says which), comma- or tab-separated. Known reports are
 * detected by their headers — Zoom's participants export ("Name (Original Name)", "User Email",
 * "Join Time", "Leave Time"), the "3. In-Meeting Activities" section of a Microsoft Teams
 * attendance report (Name, Join Time, Leave Time, Duration, Email, Role), a poll report (e-mail
 * and question columns, one row per answer; a row with an empty answer is not one) — anything
 * else needs a column mapping, every column of which must be in the report. Reading stops after
 * `MAX_REPORT_ROWS` data rows.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parse } from 'csv-parse';
import { MAX_LISTED_ERRORS, MAX_REPORT_ROWS, type ColumnMapping, type ImportRowError, type ImportSummary } from '@contracts/attendance';
import { presenceOf, type Presence, type ReportRow, type SessionWindow } from './intervals';
import { parseReportTime } from './report-times';

const KNOWN = {
  email: ['user email', 'email', 'email address', 'e-mail', 'participant email'],
  name: ['name (original name)', 'user name (original name)', 'name', 'user name', 'full name', 'participant'],
  join: ['join time'],
  leave: ['leave time'],
  question: ['question'],
  answer: ['answer'],
};
type Field = keyof typeof KNOWN;
/** How far into a file a known header is looked for (Zoom puts the meeting's details first). */
const HEADER_SEARCH_ROWS = 10;

export interface ReadOptions {
  report: 'attendance' | 'polls';
  mapping?: ColumnMapping;
  timeZone: string;
  window: SessionWindow;
  maxRows?: number;
}

export type ReadResult =
  | { kind: 'unknown'; columns: string[]; mapping: Partial<ColumnMapping> }
  | { kind: 'missing'; columns: string[]; missing: string[] }
  | { kind: 'too_many'; rows: number }
  | { kind: 'errors'; errors: ImportRowError[]; errorCount: number; rows: number }
  | { kind: 'attendance'; format: ImportSummary['format']; rows: number; people: Presence[] }
  | { kind: 'polls'; format: ImportSummary['format']; rows: number; answers: Map<string, Set<string>>; questions: number };

/** A poll question's key (the same question in two reports is one). */
export const questionHash = (question: string) => crypto.createHash('sha256').update(question.trim()).digest('hex');

const norm = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
const FORMULA = /^[=+\-@]/;

/** The body as text: the BOM chooses UTF-16LE or UTF-8; the first line chooses tab or comma. */
async function decoded(body: AsyncIterable<Buffer>): Promise<{ text: Readable; delimiter: string }> {
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  let head: Buffer = first.done ? Buffer.alloc(0) : Buffer.from(first.value);
  let encoding: 'utf8' | 'utf16le' = 'utf8';
  if (head[0] === 0xff && head[1] === 0xfe) [encoding, head] = ['utf16le', head.subarray(2)];
  else if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) head = head.subarray(3);
  const decoder = new StringDecoder(encoding);
  const start = decoder.write(head);
  const firstLine = start.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes('\t') || encoding === 'utf16le' ? '\t' : ',';
  async function* rest() {
    yield start;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield decoder.write(Buffer.from(next.value));
    yield decoder.end();
  }
  return { text: Readable.from(rest()), delimiter };
}

/** Where each field is, from a header row (known names, or the mapping's). */
function locate(header: string[], report: ReadOptions['report'], mapping?: ColumnMapping): Partial<Record<Field, number>> | null {
  const cells = header.map(norm);
  const find = (field: Field) => {
    const named = mapping?.[field];
    if (named) return cells.indexOf(norm(named));
    for (const name of KNOWN[field]) if (cells.includes(name)) return cells.indexOf(name);
    return -1;
  };
  const needed: Field[] = report === 'polls' ? ['email', 'question'] : ['email', 'name', 'join', 'leave'];
  if (mapping && absentColumns(header, mapping).length) return null;
  const found = Object.fromEntries((Object.keys(KNOWN) as Field[]).map((f) => [f, find(f)]).filter(([, i]) => (i as number) >= 0));
  return needed.every((f) => found[f] !== undefined) ? found : null;
}

/** The columns a mapping names that a row does not have. */
function absentColumns(header: string[], mapping: ColumnMapping): string[] {
  const cells = new Set(header.map(norm));
  return [...new Set(Object.values(mapping))].filter((named) => !cells.has(norm(named)));
}

/** A mapping to start from: the columns whose names look like each field. */
function suggest(columns: string[], report: ReadOptions['report']): Partial<ColumnMapping> {
  const pick = (test: RegExp) => columns.find((c) => test.test(c));
  const guess: Partial<ColumnMapping> = { email: pick(/mail/i), name: pick(/name|participant|attendee/i) };
  if (report === 'polls') Object.assign(guess, { question: pick(/question|poll/i), answer: pick(/answer|response|choice/i) });
  else Object.assign(guess, { join: pick(/join|start|arriv|in\b/i), leave: pick(/leave|end|left|depart|out\b/i) });
  return Object.fromEntries(Object.entries(guess).filter(([, v]) => v)) as Partial<ColumnMapping>;
}

export async function readReport(body: AsyncIterable<Buffer>, options: ReadOptions): Promise<ReadResult> {
  const max = options.maxRows ?? MAX_REPORT_ROWS;
  const { text, delimiter } = await decoded(body);
  const parser = text.pipe(
    parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, info: true, max_record_size: 65_536 }),
  );
  let columns: Partial<Record<Field, number>> | null = null;
  let format: ImportSummary['format'] = 'mapped';
  let firstRow: string[] | null = null;
  /** With a mapping: the columns it names that are missing from the row closest to a header. */
  let missing: { absent: string[]; row: string[] } | null = null;
  let teams: 'before' | 'header' | null = null;
  let searched = 0;
  let rows = 0;
  let errorCount = 0;
  const errors: ImportRowError[] = [];
  const fail = (line: number, message: string) => {
    errorCount += 1;
    if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, message });
  };
  const reportRows: ReportRow[] = [];
  const answers = new Map<string, Set<string>>();
  const questions = new Set<string>();
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      if (!columns) {
        firstRow ??= record;
        if (teams === null && searched === 0 && /^1\.\s*summary/i.test(norm(record[0] ?? ''))) teams = 'before';
        if (teams === 'before') {
          if (/^3\.\s*in-meeting activities/i.test(norm(record[0] ?? ''))) teams = 'header';
          continue;
        }
        columns = locate(record, options.report, options.mapping);
        if (!columns && options.mapping) {
          const absent = absentColumns(record, options.mapping);
          if (!missing || absent.length < missing.absent.length) missing = { absent, row: record };
        }
        if (columns) {
          format = options.mapping ? 'mapped' : teams ? 'teams' : options.report === 'polls' ? 'zoom_polls' : 'zoom';
          continue;
        }
        if (teams === 'header' || ++searched >= HEADER_SEARCH_ROWS) break;
        continue;
      }
      rows += 1;
      if (rows > max) return { kind: 'too_many', rows };
      const cell = (field: Field) => (columns![field] === undefined ? '' : (record[columns![field]!] ?? '').trim());
      const email = cell('email');
      const name = cell('name');
      if (FORMULA.test(email) || FORMULA.test(name)) {
        fail(line, 'A name or e-mail starting with =, +, - or @ is refused (a spreadsheet formula)');
        continue;
      }
      if (!email && !name) {
        fail(line, 'The row has neither a name nor an e-mail');
        continue;
      }
      if (options.report === 'polls') {
        const question = cell('question');
        if (!email || !question || (columns.answer !== undefined && !cell('answer'))) continue;
        const hash = questionHash(question);
        questions.add(hash);
        const person = email.toLowerCase();
        if (!answers.has(person)) answers.set(person, new Set());
        answers.get(person)!.add(hash);
        continue;
      }
      const join = parseReportTime(cell('join'), options.timeZone);
      const leave = parseReportTime(cell('leave'), options.timeZone);
      if (join === null || leave === null) {
        fail(line, `Unreadable ${join === null ? 'join' : 'leave'} time "${(join === null ? cell('join') : cell('leave')).slice(0, 40)}"`);
        continue;
      }
      if (leave < join) {
        fail(line, 'The leave time is before the join time');
        continue;
      }
      reportRows.push({ line, email, name, join, leave });
    }
  } catch (error) {
    const { lines } = error as { lines?: number };
    return { kind: 'errors', errors: [{ line: lines ?? 0, message: `Not a readable CSV: ${(error as Error).message}`.slice(0, 200) }], errorCount: 1, rows };
  } finally {
    text.destroy();
    parser.destroy();
  }
  if (!columns) {
    const found = (firstRow ?? []).filter(Boolean).slice(0, 50);
    if (missing?.absent.length) return { kind: 'missing', columns: missing.row.filter(Boolean).slice(0, 50), missing: missing.absent };
    return { kind: 'unknown', columns: found, mapping: suggest(found, options.report) };
  }
  if (options.report === 'polls')
    return errorCount ? { kind: 'errors', errors, errorCount, rows } : { kind: 'polls', format, rows, answers, questions: questions.size };
  const window = options.window;
  const people = presenceOf(reportRows, window, (row) =>
    fail(row.line ?? 0, `Outside the session (${new Date(window.start).toISOString()} – ${new Date(window.end).toISOString()})`),
  );
  if (errorCount) return { kind: 'errors', errors: errors.sort((a, b) => a.line - b.line), errorCount, rows };
  return { kind: 'attendance', format, rows, people };
}
