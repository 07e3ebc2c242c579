/**
 * Issue 33, point 4: the manager's dashboard — members (by e-mail, paged) × the courses of their
 * seats, each assigned, in progress, completed or overdue (a due date the manager sets), and a
 * certificate expiring within 90 days flagged; filters by course and status; the CSV of all of it.
 * Learners 403, outsiders 404, bad queries 400. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardPage } from '@contracts/orgs';
import { createCourse } from './support/factories';
import { orgFixtures, type Person } from './support/org-fixtures';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const clock = { now: new Date('2026-11-26T10:00:00.000Z') };
let f: ReturnType<typeof orgFixtures>;
let manager: Person;
let orgId: string;
const people: Record<'ann' | 'bob' | 'cat', string> = { ann: '', bob: '', cat: 'cat@acme.example' };
const course = { gmp: '', capa: '' };
const iso = () => clock.now.toISOString();

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => clock.now });
  f = orgFixtures(db, () => api, clock);
  ({ manager, orgId } = await f.managedOrg());
  course.gmp = (await createCourse(db.knex, { title: 'GMP Basics', type: 'recorded_course', priceCents: 10_000 })).id;
  course.capa = (await createCourse(db.knex, { title: 'CAPA Essentials', type: 'recorded_course', priceCents: 5_000 })).id;
  // Two text pages: opening one is half the course.
  for (const position of [1, 2]) {
    await db
      .knex('lessons')
      .insert({ id: `gmp-page-${position}`, course_id: course.gmp, title: `Page ${position}`, kind: 'text', position, created_at: iso(), updated_at: iso() });
  }
  await f.buySeats(manager, orgId, [
    { courseId: course.gmp, quantity: 3, priceCents: 10_000 },
    { courseId: course.capa, quantity: 1, priceCents: 5_000 },
  ]);
  const ann = await f.person({ name: 'Ann Able', email: 'ann@acme.example' });
  const bob = await f.person({ name: 'Bob Best', email: 'bob@acme.example' });
  people.ann = ann.id;
  people.bob = bob.id;
  const seats = (await api.get(`/api/orgs/${orgId}/seats`, manager.headers)).body as Array<{ id: string; courseId: string }>;
  const gmp = seats.filter((s) => s.courseId === course.gmp);
  const capa = seats.find((s) => s.courseId === course.capa)!;
  for (const [seat, email] of [
    [gmp[0]!, 'ann@acme.example'],
    [gmp[1]!, 'bob@acme.example'],
    [gmp[2]!, people.cat],
    [capa, 'ann@acme.example'],
  ] as const) {
    expect((await api.request('POST', `/api/orgs/${orgId}/seats/${seat.id}/assign`, { email }, manager.headers)).status).toBe(200);
  }
  // Ann opened one page of two; her CAPA seat was due yesterday. Bob completed GMP and holds a certificate valid 60 more days.
  await db
    .knex('lesson_progress')
    .insert({ user_id: ann.id, lesson_id: 'gmp-page-1', course_id: course.gmp, ranges: '[]', watched_seconds: 0, position: 0, updated_at: iso() });
  expect((await api.request('PUT', `/api/orgs/${orgId}/seats/${capa.id}/due`, { dueAt: '2026-11-25T00:00:00.000Z' }, manager.headers)).status).toBe(204);
  await db
    .knex('course_completions')
    .insert({ user_id: bob.id, course_id: course.gmp, completed_at: '2026-11-20T09:00:00.000Z', left: '[]', checked_at: iso() });
  await db.knex('certificates').insert({
    id: crypto.randomUUID(),
    number: 'CERT-2026-000777',
    source_key: `completion:${bob.id}:${course.gmp}`,
    user_id: bob.id,
    course_id: course.gmp,
    holder_name: 'Bob Best',
    course_title: 'GMP Basics',
    course_code: 'GMP-1',
    course_type: 'recorded_course',
    format: 'self_study',
    completed_at: '2026-11-20T09:00:00.000Z',
    issued_at: '2026-11-20T09:01:00.000Z',
    valid_until: '2027-01-25T00:00:00.000Z',
    credits: '[]',
  });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const dashboard = async (query = '', who: Person = manager) => api.get(`/api/orgs/${orgId}/dashboard${query}`, who.headers);
const cells = (page: DashboardPage) =>
  Object.fromEntries(page.members.map((m) => [m.email, m.courses.map((c) => [c.courseId === course.gmp ? 'gmp' : 'capa', c.status, c.progressPercent])]));

describe('the dashboard', () => {
  it('shows each member × their courses: in progress %, completed, overdue, assigned, and the expiring certificate', async () => {
    const answer = await dashboard();
    expect(answer.status, answer.text).toBe(200);
    const page = answer.body as DashboardPage;
    expect(page.courses.map((c) => c.title)).toEqual(['CAPA Essentials', 'GMP Basics']);
    expect(cells(page)).toEqual({
      'ann@acme.example': [
        ['gmp', 'in_progress', 50],
        ['capa', 'overdue', 0],
      ],
      'bob@acme.example': [['gmp', 'completed', 100]],
      'cat@acme.example': [['gmp', 'assigned', 0]],
      [manager.email]: [],
    });
    const bob = page.members.find((m) => m.email === 'bob@acme.example')!;
    expect(bob.courses[0]).toMatchObject({ completedAt: '2026-11-20T09:00:00.000Z', certificate: { number: 'CERT-2026-000777', expiring: true } });
    expect(page.nextCursor).toBeNull();
  });

  it('pages by e-mail and filters by status and course', async () => {
    const seen: string[] = [];
    let after = '';
    for (let round = 0; round < 10; round++) {
      const page = (await dashboard(`?limit=1${after ? `&after=${encodeURIComponent(after)}` : ''}`)).body as DashboardPage;
      seen.push(...page.members.map((m) => m.email));
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    expect(seen).toEqual(['ann@acme.example', 'bob@acme.example', 'cat@acme.example', manager.email].sort());
    const emails = async (query: string) => ((await dashboard(query)).body as DashboardPage).members.map((m) => m.email);
    expect(await emails('?status=overdue')).toEqual(['ann@acme.example']);
    expect(await emails('?status=expiring')).toEqual(['bob@acme.example']);
    expect(await emails('?status=assigned')).toEqual(['cat@acme.example']);
    expect(await emails(`?courseId=${course.capa}`)).toEqual(['ann@acme.example']);
    expect(await emails('?status=completed&limit=1')).toEqual(['bob@acme.example']);
  });

  it('exports every row as CSV (people with an account who have not signed in since are still invited)', async () => {
    const answer = await dashboard('?format=csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = answer.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('email,name,department,member,course,status,progressPercent,completedAt,dueAt,certificate,validUntil');
    expect(lines.slice(1)).toEqual([
      'ann@acme.example,Ann Able,,invited,GMP Basics,in_progress,50,,,,',
      'ann@acme.example,Ann Able,,invited,CAPA Essentials,overdue,0,,2026-11-25T00:00:00.000Z,,',
      'bob@acme.example,Bob Best,,invited,GMP Basics,completed,100,2026-11-20T09:00:00.000Z,,CERT-2026-000777,2027-01-25T00:00:00.000Z',
      'cat@acme.example,,,invited,GMP Basics,assigned,0,,,,',
    ]);
  });

  it('refuses learners (403), outsiders (404), bad queries and due dates (400)', async () => {
    const learner = await f.signInByMail('cat@acme.example');
    expect((await dashboard('', learner)).status).toBe(403);
    expect((await dashboard('?format=csv', learner)).status).toBe(403);
    expect((await dashboard('', await f.person())).status).toBe(404);
    for (const bad of ['?limit=0', '?limit=201', '?status=lost', '?format=pdf', '?extra=1']) expect((await dashboard(bad)).status, bad).toBe(400);
    const [seat] = (await api.get(`/api/orgs/${orgId}/seats`, manager.headers)).body as Array<{ id: string }>;
    expect((await api.request('PUT', `/api/orgs/${orgId}/seats/${seat!.id}/due`, { dueAt: 'tomorrow' }, manager.headers)).status).toBe(400);
    expect((await api.request('PUT', `/api/orgs/${orgId}/seats/${seat!.id}/due`, { dueAt: null }, learner.headers)).status).toBe(403);
    const other = await f.managedOrg('Other Corp');
    expect((await api.request('PUT', `/api/orgs/${other.orgId}/seats/${seat!.id}/due`, { dueAt: null }, other.manager.headers)).status).toBe(404);
  });
});
