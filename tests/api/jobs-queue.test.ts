/**
 * Issue 28, point 3: queued one-off jobs. Enqueued with a payload and a unique key (the same key
 * twice is one job); two runners on one database, each with its own connections as two processes
 * have, do 500 jobs exactly once between them (on MariaDB claimed with FOR UPDATE SKIP LOCKED); a
 * failing job is retried with a backoff and ends `dead` with its reason after its attempts; a
 * runner that stops hands its running job back. Time moves by the runners' clocks, never by waiting.
 * On SQLite and (with TEST_MYSQL_URL) on MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handleQueued, queuedJob } from '@api/jobs/definitions';
import { enqueue, pruneQueuedJobs } from '@api/jobs/queue';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { openDatabase, type Database } from '@db/knex';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { until } from './support/test-jobs';

let db: TestDatabase;
let second: Database;
const logger = createLogger('silent');

beforeAll(async () => {
  db = await createTestDatabase();
  // A second runner's own connections, as another process on the database has.
  second = openDatabase(db.url);
});

afterAll(async () => {
  await second?.close();
  await db?.destroy();
});

const jobsNamed = (name: string) => db.knex('queued_jobs').where({ name });

describe('enqueueing', () => {
  const NOTE = queuedJob('test.note', z.object({ text: z.string().min(1) }));

  it('the same key twice is one job; a payload its schema refuses is not queued', async () => {
    const first = await enqueue(db.knex, NOTE, { text: 'hello' }, 'note-1');
    const again = await enqueue(db.knex, NOTE, { text: 'hello again' }, 'note-1');
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(await jobsNamed(NOTE.name)).toMatchObject([
      { id: first.id, job_key: 'note-1', status: 'queued', attempts: 0, payload: JSON.stringify({ text: 'hello' }) },
    ]);
    await expect(enqueue(db.knex, NOTE, { text: '' }, 'note-2')).rejects.toThrow();
    expect(await jobsNamed(NOTE.name)).toHaveLength(1);
  });

  it('inside a transaction: the job exists only if the transaction commits', async () => {
    await expect(
      db.knex.transaction(async (trx) => {
        await enqueue(trx, NOTE, { text: 'rolled back' }, 'note-rolled-back');
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await jobsNamed(NOTE.name).where({ job_key: 'note-rolled-back' })).toHaveLength(0);
  });
});

describe('a burst of queued work', () => {
  it('keeps the runner’s slots busy: the next jobs are claimed as runs end, not a poll later', async () => {
    const BURST = queuedJob('test.burst', z.object({ n: z.number().int() }));
    for (let n = 0; n < 40; n++) await enqueue(db.knex, BURST, { n }, `burst-${n}`);
    const done: number[] = [];
    const runner = new JobRunner({
      knex: db.knex,
      logger,
      // A poll far longer than the test: only runs ending can bring the next rounds.
      pollMs: 10 * 60_000,
      concurrency: 4,
      queued: [handleQueued(BURST, { handle: async ({ n }) => void done.push(n) })],
    });
    runner.start();
    try {
      await until(async () => (await jobsNamed(BURST.name).where({ status: 'done' })).length === 40, 'the burst done', 30_000);
    } finally {
      await runner.stop();
    }
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });
});

describe('two runners on one database', () => {
  it('do 500 queued jobs, each exactly once', async () => {
    const WORK = queuedJob('test.work', z.object({ n: z.number().int() }));
    const JOBS = 500;
    for (let n = 0; n < JOBS; n++) await enqueue(db.knex, WORK, { n }, `work-${n}`);
    // Enqueued again (a retried request, say): still 500 jobs.
    for (let n = 0; n < JOBS; n += 10) expect((await enqueue(db.knex, WORK, { n }, `work-${n}`)).created).toBe(false);
    expect(await jobsNamed(WORK.name)).toHaveLength(JOBS);

    const doneBy = new Map<number, string[]>();
    const runner = (name: string, database: Database) =>
      new JobRunner({
        knex: database.knex,
        logger,
        pollMs: 5,
        concurrency: 8,
        queued: [
          handleQueued(WORK, {
            async handle({ n }) {
              await new Promise((resolve) => setImmediate(resolve));
              doneBy.set(n, [...(doneBy.get(n) ?? []), name]);
            },
          }),
        ],
      });
    const claims: string[] = [];
    const recordClaims = (query: { sql: string }) => {
      if (/queued_jobs/.test(query.sql) && /^\s*select/i.test(query.sql)) claims.push(query.sql);
    };
    db.knex.on('query', recordClaims);
    const a = runner('a', db);
    const b = runner('b', second);
    a.start();
    b.start();
    try {
      await until(async () => (await jobsNamed(WORK.name).where({ status: 'done' })).length === JOBS, 'every job done');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      db.knex.off('query', recordClaims);
    }

    expect(doneBy.size).toBe(JOBS);
    const twice = [...doneBy].filter(([, by]) => by.length !== 1);
    expect(twice).toEqual([]);
    const rows = await jobsNamed(WORK.name);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1 && row.lease_token === null)).toBe(true);
    const byRunner = { a: [...doneBy.values()].filter((by) => by[0] === 'a').length, b: [...doneBy.values()].filter((by) => by[0] === 'b').length };
    console.log(`500 queued jobs on ${testEngine()}: runner a did ${byRunner.a}, runner b ${byRunner.b}, none twice`);
    expect(byRunner.a).toBeGreaterThan(0);
    expect(byRunner.b).toBeGreaterThan(0);
    // On MySQL/MariaDB the claim skips the rows another runner has locked instead of waiting for them.
    if (testEngine() === 'mysql') expect(claims.some((sql) => /for update skip locked/i.test(sql))).toBe(true);
  }, 180_000);
});

describe('a failing job', () => {
  it('is retried with a backoff, and is dead with its reason after its attempts', async () => {
    const CHARGE = queuedJob('test.charge', z.object({ order: z.string() }));
    let now = Date.parse('2031-03-01T10:00:00.000Z');
    let calls = 0;
    const runner = new JobRunner({
      knex: db.knex,
      logger,
      clock: () => new Date(now),
      queued: [
        handleQueued(CHARGE, {
          maxAttempts: 3,
          async handle({ order }) {
            calls++;
            throw new Error(`The gateway refused ${order} (call ${calls})`);
          },
        }),
      ],
    });
    const { id } = await enqueue(db.knex, CHARGE, { order: 'ord-1' }, 'charge-ord-1', { now: new Date(now) });
    const row = async () => db.knex('queued_jobs').where({ id }).first();

    await runner.tick();
    expect(await row()).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'The gateway refused ord-1 (call 1)',
      run_at: new Date(now + 30_000).toISOString(),
    });
    // Not before its backoff (30 s) is over.
    now += 29_999;
    await runner.tick();
    expect(calls).toBe(1);
    now += 1;
    await runner.tick();
    // The second wait is twice as long.
    expect(await row()).toMatchObject({
      status: 'queued',
      attempts: 2,
      last_error: 'The gateway refused ord-1 (call 2)',
      run_at: new Date(now + 60_000).toISOString(),
    });
    now += 60_000;
    await runner.tick();
    expect(await row()).toMatchObject({
      status: 'dead',
      attempts: 3,
      last_error: 'The gateway refused ord-1 (call 3)',
      finished_at: new Date(now).toISOString(),
      lease_token: null,
    });
    // Dead is final.
    now += 24 * 60 * 60_000;
    await runner.tick();
    expect(calls).toBe(3);
  });

  it('that succeeds on a retry is done, its earlier error cleared; a payload that no longer fits is dead at once', async () => {
    const SYNC = queuedJob('test.sync', z.object({ account: z.string() }));
    let now = Date.parse('2031-03-02T10:00:00.000Z');
    let calls = 0;
    const runner = new JobRunner({
      knex: db.knex,
      logger,
      clock: () => new Date(now),
      queued: [
        handleQueued(SYNC, {
          async handle() {
            if (++calls === 1) throw new Error('timeout');
          },
        }),
      ],
    });
    const flaky = await enqueue(db.knex, SYNC, { account: 'acc-1' }, 'sync-acc-1', { now: new Date(now) });
    await db.knex('queued_jobs').insert({
      id: 'bad-payload-job',
      name: SYNC.name,
      job_key: 'sync-old',
      payload: '{"acct":1}',
      status: 'queued',
      attempts: 0,
      run_at: new Date(now).toISOString(),
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
    });
    await runner.tick();
    now += 30_000;
    await runner.tick();
    expect(await db.knex('queued_jobs').where({ id: flaky.id }).first()).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    const bad = await db.knex('queued_jobs').where({ id: 'bad-payload-job' }).first();
    expect(bad).toMatchObject({ status: 'dead', attempts: 1 });
    expect(bad.last_error).toMatch(/^The payload does not match test\.sync/);
  });
});

describe('a runner that stops', () => {
  it('tells its running job to stop at a safe point and hands it back, the attempt not counted', async () => {
    const LONG = queuedJob('test.long', z.object({ video: z.string() }));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const runner = new JobRunner({
      knex: db.knex,
      logger,
      pollMs: 5,
      queued: [
        handleQueued(LONG, {
          async handle(_payload, { signal }) {
            started();
            await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped at a safe point'))));
          },
        }),
      ],
    });
    const { id } = await enqueue(db.knex, LONG, { video: 'v-1' }, 'long-v-1');
    runner.start();
    await running;
    await runner.stop();
    expect(await db.knex('queued_jobs').where({ id }).first()).toMatchObject({ status: 'queued', attempts: 0, lease_token: null });
  });
});

describe('pruning', () => {
  it('deletes done jobs after 7 days and dead ones after 30, keeping the rest', async () => {
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    const row = (id: string, status: string, finishedDaysAgo: number | null) => ({
      id,
      name: 'test.prune',
      job_key: id,
      payload: '{}',
      status,
      attempts: 1,
      run_at: new Date(now - 40 * day).toISOString(),
      created_at: new Date(now - 40 * day).toISOString(),
      updated_at: new Date(now - 40 * day).toISOString(),
      finished_at: finishedDaysAgo === null ? null : new Date(now - finishedDaysAgo * day).toISOString(),
    });
    await db
      .knex('queued_jobs')
      .insert([
        row('done-8d', 'done', 8),
        row('done-6d', 'done', 6),
        row('dead-31d', 'dead', 31),
        row('dead-29d', 'dead', 29),
        row('queued-old', 'queued', null),
      ]);
    expect(await pruneQueuedJobs(db.knex, new Date(now))).toBe(2);
    expect((await jobsNamed('test.prune').orderBy('id')).map((job) => job.id)).toEqual(['dead-29d', 'done-6d', 'queued-old']);
  });
});
