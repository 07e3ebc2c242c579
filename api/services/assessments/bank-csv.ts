/**
 * The bank as CSV (issue 31, point 1): `QUESTION_CSV_COLUMNS` — kind, text (the stored HTML),
 * correct (option numbers, "1;3"), explanation, option_1 … option_10. The export is UTF-8 with a
 * BOM; a cell that a spreadsheet would take for a formula (= + - @, tab, CR, after any
 * apostrophes) gets one more leading apostrophe, which the import takes off again, so a file
 * exported and imported gives the same questions. The import is all or nothing: every row is
 * checked with the same contract as the form, and any bad row refuses the file.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { QUESTION_CSV_COLUMNS, questionInputSchema, type QuestionDto, type QuestionImportError, type QuestionInput } from '@contracts/assessments';
import { AppError } from '../../errors';
import { neutralise } from '../orders/order-report';
import { storedQuestion } from './questions';

const OPTION_COLUMNS = QUESTION_CSV_COLUMNS.filter((c) => c.startsWith('option_'));
const REQUIRED = ['kind', 'text', 'correct', 'option_1', 'option_2'];
/** Errors listed in a refusal (the count of bad rows can be larger). */
export const MAX_LISTED_ERRORS = 100;

const FORMULA_LIKE = /^'*[=+\-@\t\r]/;

/**
 * A cell a spreadsheet will not run (`neutralise`, as every export does), and one that can be read
 * back: a cell already starting with apostrophes before something formula-like gets one more too.
 */
export function safeCell(value: string): string {
  return value.startsWith("'") && FORMULA_LIKE.test(value) ? `'${value}` : neutralise(value);
}

/** The cell as it was before `safeCell`. */
export function unsafeCell(value: string): string {
  return value.startsWith("'") && FORMULA_LIKE.test(value) ? value.slice(1) : value;
}

export function questionsCsv(questions: readonly QuestionDto[]): Readable {
  const csv = stringify({ header: true, columns: [...QUESTION_CSV_COLUMNS], bom: true, cast: { string: safeCell } });
  const lines = questions.map((q) => [
    q.kind,
    q.text,
    q.options.flatMap((o, i) => (o.correct ? [String(i + 1)] : [])).join(';'),
    q.explanation ?? '',
    ...OPTION_COLUMNS.map((_, i) => q.options[i]?.text ?? ''),
  ]);
  return Readable.from(lines).pipe(csv);
}

export type CsvRead = { kind: 'columns' } | { kind: 'errors'; errors: QuestionImportError[] } | { kind: 'ok'; questions: QuestionInput[] };

function issueText(error: { issues: Array<{ path: PropertyKey[]; message: string; code: string; keys?: string[] }> }): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      // The column the issue is in: option_2 for options.1.text; a rule over the options is its message alone.
      const [field, index] = issue.path;
      const name = issue.code === 'custom' ? '' : field === 'options' && typeof index === 'number' ? `option_${index + 1}` : String(field ?? '');
      return name ? `${name}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** One record's question, or why it is not one. */
function questionOf(cells: string[], at: Map<string, number>): { question: QuestionInput } | { message: string } {
  const cell = (name: string) => {
    const index = at.get(name);
    return index === undefined ? '' : unsafeCell((cells[index] ?? '').trim());
  };
  const texts = OPTION_COLUMNS.map(cell);
  const count = texts.reduce((last, text, i) => (text ? i + 1 : last), 0);
  if (texts.slice(0, count).some((text) => !text)) return { message: 'Options must fill option_1, option_2, … without an empty one between them.' };
  const numbers = cell('correct')
    .split(/[;,\s]+/)
    .filter(Boolean);
  if (numbers.some((n) => !/^\d+$/.test(n) || Number(n) < 1 || Number(n) > count))
    return { message: `correct must list option numbers between 1 and ${count}, separated by ";" (e.g. "1;3").` };
  const correct = new Set(numbers.map(Number));
  const candidate = {
    kind: cell('kind').toLowerCase(),
    text: cell('text'),
    options: texts.slice(0, count).map((text, i) => ({ text, correct: correct.has(i + 1) })),
    explanation: cell('explanation') || null,
  };
  const parsed = questionInputSchema.safeParse(candidate);
  if (!parsed.success) return { message: issueText(parsed.error) };
  try {
    storedQuestion(parsed.data);
  } catch (error) {
    if (error instanceof AppError) return { message: error.message };
    throw error;
  }
  return { question: parsed.data };
}

/** Reads a bank CSV (its text): the questions, or the header's or the rows' errors. Rows are numbered as a spreadsheet shows them (the header is row 1). */
export function readQuestionsCsv(text: string): CsvRead {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, bom: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { kind: 'errors', errors: [{ row: line, message: `The CSV cannot be read: ${(error as Error).message}` }] };
  }
  const [header, ...rows] = records;
  if (!header) return { kind: 'ok', questions: [] };
  const names = header.map((h) => h.trim().toLowerCase());
  const known = new Set<string>(QUESTION_CSV_COLUMNS);
  if (names.some((n) => !known.has(n)) || new Set(names).size !== names.length || REQUIRED.some((r) => !names.includes(r))) return { kind: 'columns' };
  const at = new Map(names.map((n, i) => [n, i]));
  const questions: QuestionInput[] = [];
  const errors: QuestionImportError[] = [];
  rows.forEach((cells, i) => {
    const row = i + 2;
    if (cells.length > names.length) return void errors.push({ row, message: 'The row has more cells than the header has columns.' });
    const read = questionOf(cells, at);
    if ('message' in read) errors.push({ row, message: read.message });
    else questions.push(read.question);
  });
  if (errors.length > 0) return { kind: 'errors', errors: errors.slice(0, MAX_LISTED_ERRORS) };
  return { kind: 'ok', questions };
}
