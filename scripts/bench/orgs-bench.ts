/**
 * `npm run bench:orgs` (issue 33's benchmarks): an organisation of 2,000 members × 50 courses
 * (100,000 seats; each course 4 text lessons; a third of the cells in progress, a third completed),
 * through the real API over HTTP:
 *  - the dashboard's first page (50 members): 200 requests, p50/p99;
 *  - the whole dashboard as CSV (streamed): time, bytes, and the server's heap growth at its peak;
 *  - inviting 5,000 people from one CSV (a fresh organisation): time, and every invitation queued.
 * SQLite by default, MariaDB with BENCH_MYSQL_URL. Results also go to bench-results/orgs.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Knex } from 'knex';
import { createApp } from '@api/app';
import { BENCH_AUTH_SECRET, benchCourse, benchPerson, createBenchDatabase } from './bench-database';
import { percentile } from './percentile';

const MEMBERS = 2_000;
const COURSES = 50;
const LESSONS = 4;
const FIRST_PAGE_REQUESTS = 200;
const INVITES = 5_000;

async function insertAll(knex: Knex, table: string, rows: object[]) {
  for (let i = 0; i < rows.length; i += 500) await knex(table).insert(rows.slice(i, i + 500));
}

async function fill(knex: Knex, managerId: string, stamp: string): Promise<string> {
  const orgId = crypto.randomUUID();
  await knex('organisations').insert({ id: orgId, name: 'Bench Pharma', created_by: managerId, created_at: stamp, updated_at: stamp });
  const courseIds: string[] = [];
  const lessons: object[] = [];
  for (let c = 0; c < COURSES; c++) {
    const id = await benchCourse(knex, `Bench course ${String(c).padStart(2, '0')}`, stamp);
    courseIds.push(id);
    for (let l = 0; l < LESSONS; l++)
      lessons.push({ id: crypto.randomUUID(), course_id: id, title: `Page ${l}`, kind: 'text', position: l, created_at: stamp, updated_at: stamp });
  }
  await insertAll(knex, 'lessons', lessons);
  const lessonsOf = new Map<string, string[]>();
  for (const lesson of lessons as Array<{ id: string; course_id: string }>)
    lessonsOf.set(lesson.course_id, [...(lessonsOf.get(lesson.course_id) ?? []), lesson.id]);
  const users: object[] = [];
  const members: object[] = [
    {
      id: crypto.randomUUID(),
      org_id: orgId,
      user_id: managerId,
      email: 'manager@bench.example',
      role: 'manager',
      status: 'active',
      member_key: 'manager@bench.example',
      mail_state: 'none',
      invited_at: stamp,
      accepted_at: stamp,
    },
  ];
  const seats: object[] = [];
  const progress: object[] = [];
  const completions: object[] = [];
  const orderId = crypto.randomUUID();
  const lineOf = courseIds.map(() => crypto.randomUUID());
  for (let m = 0; m < MEMBERS; m++) {
    const userId = crypto.randomUUID();
    const email = `learner-${String(m).padStart(5, '0')}@bench.example`;
    users.push({ id: userId, name: `Learner ${m}`, email, role: 'customer', is_active: true, created_at: stamp, updated_at: stamp });
    const memberId = crypto.randomUUID();
    members.push({
      id: memberId,
      org_id: orgId,
      user_id: userId,
      email,
      name: `Learner ${m}`,
      department: `Dept ${m % 7}`,
      role: 'learner',
      status: 'active',
      member_key: email,
      mail_state: 'sent',
      invited_at: stamp,
      accepted_at: stamp,
    });
    courseIds.forEach((courseId, c) => {
      seats.push({
        id: crypto.randomUUID(),
        org_id: orgId,
        course_id: courseId,
        order_id: orderId,
        order_item_id: lineOf[c],
        number: m + 1,
        member_id: memberId,
        assigned_at: stamp,
        assignments: 1,
        due_at: c % 5 === 0 ? '2026-01-01T00:00:00.000Z' : null,
        created_at: stamp,
      });
      const kind = (m + c) % 3;
      if (kind === 1)
        progress.push({
          user_id: userId,
          lesson_id: lessonsOf.get(courseId)![0],
          course_id: courseId,
          ranges: '[]',
          watched_seconds: 0,
          position: 0,
          updated_at: stamp,
        });
      if (kind === 2) completions.push({ user_id: userId, course_id: courseId, completed_at: stamp, left: '[]', checked_at: stamp });
    });
  }
  await insertAll(knex, 'users', users);
  await insertAll(knex, 'org_members', members);
  await insertAll(knex, 'org_seats', seats);
  await insertAll(knex, 'lesson_progress', progress);
  await insertAll(knex, 'course_completions', completions);
  return orgId;
}

const db = await createBenchDatabase(0);
const stamp = new Date().toISOString();
const manager = await benchPerson(db.knex, 'customer', 'manager@bench.example', 'Bench Manager');
const filling = Date.now();
const orgId = await fill(db.knex, manager.id, stamp);
console.log(`filled ${MEMBERS} members × ${COURSES} courses in ${((Date.now() - filling) / 1000).toFixed(1)} s (${db.engine})`);

const app = createApp({ knex: db.knex, mailer: { send: async () => undefined }, authSecret: BENCH_AUTH_SECRET });
const server = http.createServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const auth = { Authorization: `Bearer ${manager.token}` };

// The first page, asked for again and again (the manager opening /team).
const times: number[] = [];
for (let i = 0; i < FIRST_PAGE_REQUESTS + 10; i++) {
  const started = performance.now();
  const response = await fetch(`${base}/api/orgs/${orgId}/dashboard?limit=50`, { headers: auth });
  const page = (await response.json()) as { members: unknown[]; courses: unknown[] };
  if (response.status !== 200 || page.members.length !== 50 || page.courses.length !== COURSES) throw new Error(`first page: ${response.status}`);
  if (i >= 10) times.push(performance.now() - started);
}

// The CSV of it all, streamed: the heap is sampled while it flows.
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let heapPeak = heapBefore;
const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
const csvStarted = performance.now();
const csvResponse = await fetch(`${base}/api/orgs/${orgId}/dashboard?format=csv`, { headers: auth });
let bytes = 0;
let lines = 0;
for await (const chunk of csvResponse.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  for (const byte of chunk) if (byte === 10) lines++;
}
const csvMs = performance.now() - csvStarted;
clearInterval(sampler);
if (lines !== MEMBERS * COURSES + 1) throw new Error(`CSV has ${lines} lines, expected ${MEMBERS * COURSES + 1}`);

// 5,000 invitations from one CSV, to a new organisation.
const inviter = await benchPerson(db.knex, 'customer', 'inviter@bench.example', 'Bench Inviter');
const created = (await (
  await fetch(`${base}/api/orgs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${inviter.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Invite Co' }),
  })
).json()) as { id: string };
const csvBody = ['name,email,department', ...Array.from({ length: INVITES }, (_, i) => `Invitee ${i},invitee-${i}@invite.example,QA`)].join('\n');
const inviteStarted = performance.now();
const invited = await fetch(`${base}/api/orgs/${created.id}/invitations`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${inviter.token}`, 'Content-Type': 'text/csv' },
  body: csvBody,
});
const report = (await invited.json()) as { invited: number };
const inviteMs = performance.now() - inviteStarted;
const queued = Number((await db.knex('queued_jobs').where('name', 'send-org-mail').count({ n: '*' }))[0]!.n);
if (invited.status !== 200 || report.invited !== INVITES || queued < 1)
  throw new Error(`invitations: ${invited.status} ${JSON.stringify(report).slice(0, 200)}`);

const result = {
  engine: db.engine,
  members: MEMBERS,
  courses: COURSES,
  firstPage: { requests: FIRST_PAGE_REQUESTS, p50Ms: Math.round(percentile(times, 50) * 10) / 10, p99Ms: Math.round(percentile(times, 99) * 10) / 10 },
  csv: {
    rows: lines - 1,
    mb: Math.round((bytes / 1024 / 1024) * 10) / 10,
    seconds: Math.round(csvMs / 100) / 10,
    heapGrowthMb: Math.round((heapPeak - heapBefore) / 1024 / 1024),
  },
  invitations: { rows: INVITES, seconds: Math.round(inviteMs / 100) / 10, mailJobsQueued: queued },
};
console.log(`\n| organisation dashboard (${db.engine}) | figure |\n|---|---|`);
console.log(`| first page of 50 members × 50 courses, ${FIRST_PAGE_REQUESTS} requests | p50 ${result.firstPage.p50Ms} ms, p99 ${result.firstPage.p99Ms} ms |`);
console.log(
  `| CSV of ${result.csv.rows.toLocaleString('en-US')} rows (${result.csv.mb} MB), streamed | ${result.csv.seconds} s, heap +${result.csv.heapGrowthMb} MB at peak |`,
);
console.log(`| ${INVITES.toLocaleString('en-US')} invitations from one CSV | ${result.invitations.seconds} s, ${queued} mail jobs queued |`);
const out = path.resolve(import.meta.dirname, '..', '..', 'bench-results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, `orgs-${db.engine}.json`), `${JSON.stringify(result, null, 2)}\n`);
server.close();
await db.destroy();
