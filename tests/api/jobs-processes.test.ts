/**
 * Issue 28, point 3: which process runs the jobs. `JOBS=off` makes the server serve HTTP and run
 * no job (its database is as the process found it once it has stopped), while the server without
 * it runs them; `npm run worker`, started as the README says, runs every database job without
 * opening a port and stops cleanly on SIGTERM, leaving no lease behind.
 * On SQLite and (with TEST_MYSQL_URL) on MariaDB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './support/factories';
import { freePort, startServerProcess } from './support/server-process';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { TEST_AUTH_SECRET } from './support/test-server';
import { until } from './support/test-jobs';

let db: TestDatabase;
let dir: string;
const children = new Set<ChildProcess>();
/** The product's jobs claimed through the database (domains/). */
const DATABASE_JOBS = [
  'attendance-fetches',
  'certificate-backfill',
  'certificate-expiry-reminders',
  'checkout-recovery',
  'course-mail',
  'grade-expired-attempts',
  'join-link-invites',
  'meeting-registrations',
  'prune-video-uploads',
  'pruning',
  'refund-recovery',
  'self-reported-sweep',
  'seminar-sweep',
  'session-reminders',
  'sync-membership-libraries',
  'sync-org-libraries',
  'waitlist-offers',
];

beforeAll(async () => {
  db = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-jobs-'));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const files = () => ({ MAIL_OUTBOX_FILE: path.join(dir, 'outbox.jsonl'), UPLOAD_DIR: path.join(dir, 'uploads'), VAPID_FILE: path.join(dir, 'vapid.json') });
const endedSeminar = () => createCourse(db.knex, { type: 'live_seminar', startDate: '2024-03-01T15:00:00.000Z', endDate: '2024-03-01T17:00:00.000Z' });
const courseType = async (id: string) => (await db.knex('courses').where({ id }).first()).type as string;
const schedules = () => db.knex('job_schedules').orderBy('name') as Promise<Array<{ name: string; runs: number; lease_token: string | null }>>;
const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

describe('JOBS=off', () => {
  it('serves HTTP and runs no job; without it the server runs them', async () => {
    const seminar = await endedSeminar();
    const port = await freePort();
    const server = await startServerProcess(port, db.url, { ...files(), JOBS: 'off' }, children);
    const read = await fetch(`http://127.0.0.1:${port}/api/courses/${seminar.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { type: string }).type).toBe('live_seminar');
    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);
    // Over its whole life: nothing claimed, nothing swept.
    expect(await schedules()).toEqual([]);
    expect(await courseType(seminar.id)).toBe('live_seminar');

    // The same server without JOBS=off: the sweep runs before it listens, the rest right after.
    const withJobs = await startServerProcess(await freePort(), db.url, files(), children);
    expect(await courseType(seminar.id)).toBe('recorded_seminar');
    await until(async () => (await schedules()).filter((row) => Number(row.runs) > 0).length === DATABASE_JOBS.length, 'every job run once');
    withJobs.kill('SIGTERM');
    expect(await exitOf(withJobs)).toBe(0);
  }, 150_000);
});

describe('npm run worker', () => {
  it('runs the jobs without serving HTTP, and stops on SIGTERM', async () => {
    await db.knex('job_schedules').delete();
    const seminar = await endedSeminar();
    const port = await freePort();
    const worker = spawn('npm', ['run', 'worker'], {
      env: { ...process.env, ...files(), PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: db.url, AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(worker);
    let output = '';
    worker.stdout!.on('data', (chunk) => (output += chunk));
    worker.stderr!.on('data', (chunk) => (output += chunk));
    const exited = exitOf(worker);
    await until(() => {
      if (worker.exitCode !== null) throw new Error(`npm run worker exited with ${worker.exitCode}:\n${output}`);
      return /Worker running the jobs/.test(output);
    }, 'the worker to start');
    // The start-up runs came first; then each job on its schedule.
    expect(await courseType(seminar.id)).toBe('recorded_seminar');
    await until(async () => (await schedules()).filter((row) => Number(row.runs) > 0).length === DATABASE_JOBS.length, 'every job run once');
    expect((await schedules()).map((row) => row.name)).toEqual(DATABASE_JOBS);
    await expect(fetch(`http://127.0.0.1:${port}/api/config`)).rejects.toThrow();

    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped cleanly');
    expect((await schedules()).filter((row) => row.lease_token !== null)).toEqual([]);
  }, 150_000);
});
