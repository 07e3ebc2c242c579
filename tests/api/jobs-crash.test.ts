/**
 * Issue 28, point 3: a runner killed mid-job. A real child process (`support/job-runner-process.ts`)
 * claims a queued job and the periodic job, starts both, and is SIGKILLed while they run. Another
 * runner on the same database does not take them while the dead runner's lease lasts, takes them
 * over once it has run out (its clock moved past the lease), and each is done once.
 * On SQLite and (with TEST_MYSQL_URL) on MariaDB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleQueued } from '@api/jobs/definitions';
import { enqueue } from '@api/jobs/queue';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { HANGING_PERIODIC, SLOW_WORK, until } from './support/test-jobs';

let db: TestDatabase;
const children = new Set<ChildProcess>();
const LEASE_SECONDS = 30;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.destroy();
});

/** Starts the runner process and resolves once it has started everything in `expected`. */
async function startDoomedRunner(expected: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/support/job-runner-process.ts'], {
    env: { ...process.env, DATABASE_URL: db.url, LEASE_SECONDS: String(LEASE_SECONDS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await until(
    () => {
      if (child.exitCode !== null) throw new Error(`the runner exited with ${child.exitCode}:\n${output}`);
      return expected.every((name) => output.includes(`started ${name}\n`));
    },
    `the runner to start ${expected.join(', ')}`,
  );
  return child;
}

describe('a runner killed mid-job', () => {
  it('its queued job and its periodic run are taken over after the lease, and each is done once', async () => {
    const { id } = await enqueue(db.knex, SLOW_WORK, { label: 'transcode lesson 1' }, 'lesson-1');
    const child = await startDoomedRunner([id, HANGING_PERIODIC]);
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;

    const job = await db.knex('queued_jobs').where({ id }).first();
    expect(job).toMatchObject({ status: 'running', attempts: 1 });
    const schedule = await db.knex('job_schedules').where({ name: HANGING_PERIODIC }).first();
    expect(schedule.lease_token).toBeTruthy();
    expect(Number(schedule.runs)).toBe(0);

    // The survivor, with a clock it can move.
    let skewMs = 0;
    const done: string[] = [];
    const periodicRuns: string[] = [];
    const survivor = new JobRunner({
      knex: db.knex,
      logger: createLogger('silent'),
      clock: () => new Date(Date.now() + skewMs),
      leaseSeconds: LEASE_SECONDS,
      periodic: [{ name: HANGING_PERIODIC, everySeconds: 3600, run: async () => void periodicRuns.push('ran') }],
      queued: [handleQueued(SLOW_WORK, { handle: async ({ label }) => void done.push(label) })],
    });

    // While the dead runner's lease lasts, nobody takes its work.
    await survivor.tick();
    expect(done).toEqual([]);
    expect(periodicRuns).toEqual([]);
    expect(await db.knex('queued_jobs').where({ id }).first()).toMatchObject({ status: 'running', attempts: 1 });

    // Past the lease: taken over, done once.
    const leaseEnds = Math.max(Date.parse(job.lease_until), Date.parse(schedule.lease_until));
    skewMs = leaseEnds - Date.now() + 1;
    await survivor.tick();
    expect(done).toEqual(['transcode lesson 1']);
    expect(periodicRuns).toEqual(['ran']);
    expect(await db.knex('queued_jobs').where({ id }).first()).toMatchObject({ status: 'done', attempts: 2, lease_token: null });
    const after = await db.knex('job_schedules').where({ name: HANGING_PERIODIC }).first();
    expect({ runs: Number(after.runs), lease: after.lease_token }).toEqual({ runs: 1, lease: null });

    // And never again: the job is done, the periodic job not due for an hour.
    await survivor.tick();
    expect(done).toHaveLength(1);
    expect(periodicRuns).toHaveLength(1);
    await survivor.stop();
  }, 120_000);
});
