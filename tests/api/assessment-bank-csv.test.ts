/**
 * Issue 31, point 1: the question bank as CSV. The export carries every question (the stored HTML,
 * the correct options' numbers) with formula-like cells neutralised; importing it gives the same
 * questions; an import with one bad row imports nothing and names the row. On SQLite and
 * (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES, QUESTION_CSV_COLUMNS } from '@contracts/assessments';
import { createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let keys = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const write = (method: string, url: string, body?: unknown) => api.request(method, url, body, { ...admin, 'Idempotency-Key': `csv-${++keys}` });

async function postCsv(courseId: string, csv: string | Buffer, options: { headers?: Record<string, string>; key?: string; query?: string } = {}) {
  const response = await fetch(`${api.baseUrl}/api/courses/${courseId}/questions/import${options.query ?? ''}`, {
    method: 'POST',
    body: typeof csv === 'string' ? csv : new Uint8Array(csv),
    headers: { 'Content-Type': 'text/csv', 'Idempotency-Key': options.key ?? `csv-${++keys}`, ...admin, ...options.headers },
  });
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
}

const newCourse = () => createCourse(db.knex, { title: `CSV ${crypto.randomBytes(3).toString('hex')}`, type: 'recorded_course' });
const bankOf = async (courseId: string) => (await api.get(`/api/courses/${courseId}/questions`, admin)).body as Array<Record<string, any>>;
/** What a question is, apart from its ids, place and time. */
const content = (q: Record<string, any>) => ({
  kind: q.kind,
  text: q.text,
  explanation: q.explanation,
  options: q.options.map((o: { text: string; correct: boolean }) => ({ text: o.text, correct: o.correct })),
});

const HEADER = QUESTION_CSV_COLUMNS.join(',');

describe('the bank as CSV', () => {
  it('exports the bank with the right answers and neutralised formulas, and importing the export gives the same questions', async () => {
    const course = await newCourse();
    const questions = [
      {
        text: '<p>Store "cold", <strong>always</strong></p>\n<p>Second line</p>',
        kind: 'multiple',
        options: [
          { text: '=SUM(A1:A9)', correct: true },
          { text: '-5 °C, or colder', correct: false },
          { text: '@fridge', correct: true },
          { text: "'=already quoted", correct: false },
        ],
        explanation: '<p>+ cold chain</p>',
      },
      {
        text: 'GMP covers packaging',
        kind: 'true_false',
        options: [
          { text: 'True', correct: true },
          { text: 'False', correct: false },
        ],
      },
    ];
    for (const q of questions) expect((await write('POST', `/api/courses/${course.id}/questions`, q)).status).toBe(201);

    const exported = await fetch(`${api.baseUrl}/api/courses/${course.id}/questions.csv`, { headers: admin });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="questions_.*\.csv"/);
    const bytes = Buffer.from(await exported.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const [header, first, second] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual([...QUESTION_CSV_COLUMNS]);
    expect(first!.slice(0, 8)).toEqual([
      'multiple',
      '<p>Store "cold", <strong>always</strong></p>\n<p>Second line</p>',
      '1;3',
      '<p>+ cold chain</p>',
      "'=SUM(A1:A9)",
      "'-5 °C, or colder",
      "'@fridge",
      "''=already quoted",
    ]);
    expect(second!.slice(0, 6)).toEqual(['true_false', 'GMP covers packaging', '1', '', 'True', 'False']);

    const target = await newCourse();
    const imported = await postCsv(target.id, bytes);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toEqual({ imported: 2 });
    expect((await bankOf(target.id)).map(content)).toEqual((await bankOf(course.id)).map(content));
    expect((await bankOf(target.id)).map(content)[0]!.options[0].text).toBe('=SUM(A1:A9)');
    const audited = await db
      .knex('audit_entries')
      .where({ entity: 'question', action: 'create' })
      .whereIn(
        'entity_id',
        (await bankOf(target.id)).map((q) => q.id),
      );
    expect(audited).toHaveLength(2);
    expect(audited[0].summary).toMatch(/^Imported question/);
  });

  it('imports all or nothing: one bad row refuses the file and names the row', async () => {
    const course = await newCourse();
    const csv = [
      HEADER,
      'single,<p>Good one</p>,1,,Yes,No',
      'single,<p>Two right</p>,1;2,,Yes,Also yes',
      'true_false,Only one option,1,,True',
      'essay,Free text,1,,A,B',
      'multiple,Bad number,4,,A,B,C',
      'multiple,Gap,1,,A,,C',
      'single,<p>Good two</p>,2,<p>why</p>,Yes,No',
    ].join('\n');
    const refused = await postCsv(course.id, csv);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ASSESSMENT_MESSAGES.csvBadRows);
    expect(refused.body.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6, 7]);
    expect(refused.body.errors[0].message).toBe(ASSESSMENT_MESSAGES.singleNeedsOne);
    expect(refused.body.errors[3].message).toMatch(/between 1 and 3/);
    expect(await bankOf(course.id)).toEqual([]);
    expect(await db.knex('audit_entries').where({ entity: 'question' }).where('summary', 'like', '%Good one%')).toEqual([]);

    // A script in a row is sanitised like the form's; a row of nothing but script is a bad row.
    const scripted = await postCsv(course.id, [HEADER, 'single,<p>Safe</p><script>x()</script>,1,,A,B', 'single,<script>x()</script>,1,,A,B'].join('\n'));
    expect(scripted.status).toBe(400);
    expect(scripted.body.errors).toEqual([{ row: 3, message: ASSESSMENT_MESSAGES.emptyText }]);
    const safe = await postCsv(course.id, [HEADER, 'single,<p>Safe</p><img src=x onerror=alert(1)><script>x()</script>,1,,A,B'].join('\n'));
    expect(safe.status).toBe(200);
    expect((await bankOf(course.id))[0]!.text).toBe('<p>Safe</p>');
  });

  it('refuses a file that is not a bank CSV: wrong columns, empty, not CSV, too large, not UTF-8', async () => {
    const course = await newCourse();
    const columns = await postCsv(course.id, 'question,answer\nWhat?,This');
    expect([columns.status, columns.body.message]).toEqual([400, ASSESSMENT_MESSAGES.csvColumns]);
    const extra = await postCsv(course.id, `${HEADER},weight\nsingle,Q,1,,A,B,,,,,,,,,5`);
    expect([extra.status, extra.body.message]).toEqual([400, ASSESSMENT_MESSAGES.csvColumns]);
    const empty = await postCsv(course.id, `${HEADER}\n`);
    expect([empty.status, empty.body.message]).toEqual([400, ASSESSMENT_MESSAGES.csvEmpty]);
    const json = await postCsv(course.id, JSON.stringify({ questions: [] }), { headers: { 'Content-Type': 'application/json' } });
    expect([json.status, json.body.message]).toEqual([415, ASSESSMENT_MESSAGES.notCsv]);
    const huge = await postCsv(course.id, `${HEADER}\n${'single,Q,1,,A,B\n'.repeat(ASSESSMENT_LIMITS.csvMaxBytes / 16 + 10)}`);
    expect(huge.status).toBe(413);
    const latin1 = await postCsv(course.id, Buffer.from(`${HEADER}\nsingle,Caf\xe9,1,,A,B\n`, 'latin1'));
    expect(latin1.status).toBe(400);
    const quotes = await postCsv(course.id, `${HEADER}\nsingle,"unclosed,1,,A,B\n`);
    expect(quotes.status).toBe(400);
    expect(await bankOf(course.id)).toEqual([]);
  });

  it('ties imported questions to an assessment of the course when asked, and keeps the bank limit', async () => {
    const course = await newCourse();
    const exam = await write('POST', `/api/courses/${course.id}/assessments`, {
      title: 'Final',
      kind: 'final',
      passMarkPercent: 70,
      shuffleQuestions: true,
      shuffleOptions: true,
      showAnswers: 'after_last_attempt',
    });
    const tied = await postCsv(course.id, [HEADER, 'true_false,Tied,1,,True,False'].join('\n'), { query: `?assessmentId=${exam.body.id}` });
    expect(tied.status).toBe(200);
    expect((await api.get(`/api/courses/${course.id}/questions?assessmentId=${exam.body.id}`, admin)).body.map(content)).toEqual([
      {
        kind: 'true_false',
        text: 'Tied',
        explanation: null,
        options: [
          { text: 'True', correct: true },
          { text: 'False', correct: false },
        ],
      },
    ]);
    expect((await postCsv(course.id, [HEADER, 'true_false,X,1,,True,False'].join('\n'), { query: `?assessmentId=${crypto.randomUUID()}` })).status).toBe(400);
    expect((await postCsv(course.id, [HEADER, 'true_false,X,1,,True,False'].join('\n'), { query: '?assessmentId=a&other=1' })).status).toBe(400);

    const many = [HEADER, ...Array.from({ length: ASSESSMENT_LIMITS.bankMax }, (_, i) => `true_false,Q${i},1,,True,False`)].join('\n');
    const full = await postCsv(course.id, many);
    expect([full.status, full.body.message]).toEqual([409, ASSESSMENT_MESSAGES.bankFull]);
    expect(await bankOf(course.id)).toHaveLength(1);
  });

  it('answers a replayed import once, refuses the key on another file, and lets only course managers import', async () => {
    const course = await newCourse();
    const csv = [HEADER, 'true_false,Once,1,,True,False'].join('\n');
    const first = await postCsv(course.id, csv, { key: 'import-once' });
    const again = await postCsv(course.id, csv, { key: 'import-once' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual({ imported: 1 });
    expect((await postCsv(course.id, `${csv}\ntrue_false,Twice,1,,True,False`, { key: 'import-once' })).status).toBe(422);
    expect(await bankOf(course.id)).toHaveLength(1);

    const customer = auth(await createSession(db.knex, (await createUser(db.knex)).id));
    expect((await postCsv(course.id, csv, { headers: customer })).status).toBe(403);
    const anonymous = await fetch(`${api.baseUrl}/api/courses/${course.id}/questions/import`, {
      method: 'POST',
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${api.baseUrl}/api/courses/${course.id}/questions.csv`)).status).toBe(401);
    expect(await bankOf(course.id)).toHaveLength(1);
  });
});
