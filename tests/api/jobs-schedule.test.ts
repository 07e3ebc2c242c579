/**
 * Issue 28, point 3: periodic jobs claimed through the database. Two runners on one database, each
 * with its own connections as two processes have, and one clock moved by the test, run each due
 * job once per period — test jobs of their own, and the product's schedule (`domains/`:
 * seminar sweep, checkout recovery, course mail, reminders, pruning) on two apps.
 * On SQLite and (with TEST_MYSQL_URL) on MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeriodicJob } from '@api/jobs/definitions';
import { createJobRunner, periodicJobs } from '@api/domains';
import { JobRunner } from '@api/jobs/runner';
import { nextRunAfter } from '@api/jobs/schedule-claims';
import { createLogger } from '@api/logger';
import { openDatabase, type Database } from '@db/knex';
import { createCourse } from './support/factories';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let second: Database;
const logger = createLogger('silent');

beforeAll(async () => {
  db = await createTestDatabase();
  second = openDatabase(db.url);
});

afterAll(async () => {
  await second?.close();
  await db?.destroy();
});

const runsOf = async (name: string) => Number((await db.knex('job_schedules').where({ name }).first())?.runs ?? 0);

describe('the next run', () => {
  it('is the first multiple of the period after the run started: no drift, missed periods skipped', () => {
    expect(nextRunAfter('2031-01-01T10:00:00.000Z', 60_000, new Date('2031-01-01T10:00:00.400Z'))).toBe('2031-01-01T10:01:00.000Z');
    expect(nextRunAfter('2031-01-01T10:00:00.000Z', 60_000, new Date('2031-01-01T10:07:30.000Z'))).toBe('2031-01-01T10:08:00.000Z');
    expect(nextRunAfter('2031-01-01T10:05:00.000Z', 60_000, new Date('2031-01-01T10:00:00.000Z'))).toBe('2031-01-01T10:05:00.000Z');
  });
});

describe('two runners on one database', () => {
  it('run each due periodic job once per period', async () => {
    const T0 = Date.parse('2031-05-01T08:00:00.000Z');
    let now = T0;
    const clock = () => new Date(now);
    // Which period each run belonged to, and which runner ran it.
    const runs = new Map<string, Array<{ period: number; by: string }>>();
    const job = (name: string, everySeconds: number, by: string): PeriodicJob => ({
      name,
      everySeconds,
      async run(context) {
        await new Promise((resolve) => setImmediate(resolve));
        runs.set(name, [...(runs.get(name) ?? []), { period: Math.floor((context.now.getTime() - T0) / (everySeconds * 1000)), by }]);
      },
    });
    const runner = (by: string, database: Database) =>
      new JobRunner({ knex: database.knex, logger, clock, periodic: [job('test.every-minute', 60, by), job('test.every-five-minutes', 300, by)] });
    const a = runner('a', db);
    const b = runner('b', second);
    // Both runners poll every 20 s of the clock for 15 minutes, twice at once each time, taking turns to go first.
    for (let second = 0; second < 15 * 60; second += 20) {
      now = T0 + second * 1000;
      const [first, other] = (second / 20) % 2 === 0 ? [a, b] : [b, a];
      await Promise.all([first.tick(), other.tick(), first.tick(), other.tick()]);
    }
    const periods = (name: string) => (runs.get(name) ?? []).map((run) => run.period);
    expect(periods('test.every-minute')).toEqual([...Array(15).keys()]);
    expect(periods('test.every-five-minutes')).toEqual([0, 1, 2]);
    expect(await runsOf('test.every-minute')).toBe(15);
    expect(await runsOf('test.every-five-minutes')).toBe(3);
    const by = (runs.get('test.every-minute') ?? []).map((run) => run.by);
    console.log(`every-minute job on two runners: a ran ${by.filter((x) => x === 'a').length}, b ${by.filter((x) => x === 'b').length} of 15 periods`);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('run the product’s schedule once per period: seminar sweep, checkout recovery, course mail, reminders, pruning', async () => {
    const T0 = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000;
    let now = T0;
    const clock = () => new Date(now);
    // Two apps, as two processes. On SQLite they share one connection: better-sqlite3 blocks the
    // thread while it waits for the file's lock, so a second connection in this one process would
    // wait out its busy timeout behind a transaction that cannot go on (two processes do not).
    const databases = testEngine() === 'mysql' ? [db.knex, second.knex] : [db.knex, db.knex];
    const apis: TestServer[] = [await startTestServer(databases[0]!, { clock }), await startTestServer(databases[1]!, { clock })];
    const config = { seminarSweepMinutes: 5, reminderSweepSeconds: 60 };
    const runners = apis.map((api, i) => createJobRunner({ knex: databases[i]!, services: api.app.services, config, logger, clock, role: 'serving' }));
    const names = periodicJobs({ knex: db.knex, services: apis[0]!.app.services, config }).map((job) => [job.name, job.everySeconds, job.claim ?? 'database']);
    expect(names).toEqual([
      ['seminar-sweep', 300, 'database'],
      ['checkout-recovery', 60, 'database'],
      ['refund-recovery', 60, 'database'],
      ['course-mail', 60, 'database'],
      ['session-reminders', 60, 'database'],
      ['pruning', 900, 'database'],
      ['catalogue-warming', 10, 'process'],
      ['sync-membership-libraries', 300, 'database'],
      ['prune-video-uploads', 3600, 'database'],
      ['meeting-registrations', 300, 'database'],
      ['attendance-fetches', 300, 'database'],
      ['join-link-invites', 60, 'database'],
      ['grade-expired-attempts', 60, 'database'],
      ['certificate-expiry-reminders', 300, 'database'],
      ['certificate-backfill', 21600, 'database'],
      ['self-reported-sweep', 900, 'database'],
      ['sync-org-libraries', 300, 'database'],
      ['waitlist-offers', 60, 'database'],
    ]);
    // A live seminar that ends within the first period: the sweep of the next period converts it.
    const seminar = await createCourse(db.knex, {
      type: 'live_seminar',
      startDate: new Date(T0 - 3_600_000).toISOString(),
      endDate: new Date(T0 + 60_000).toISOString(),
    });
    try {
      for (let second = 0; second <= 5 * 60; second += 30) {
        now = T0 + second * 1000;
        await Promise.all(runners.flatMap((runner) => [runner.tick(), runner.tick()]));
      }
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await Promise.all(apis.map((api) => api.close()));
    }
    // Runs at 0 and 5 min; every minute (0, 1, …, 5 min); every 15 min (0).
    expect({
      sweep: await runsOf('seminar-sweep'),
      recovery: await runsOf('checkout-recovery'),
      refunds: await runsOf('refund-recovery'),
      mail: await runsOf('course-mail'),
      reminders: await runsOf('session-reminders'),
      pruning: await runsOf('pruning'),
      waitlists: await runsOf('waitlist-offers'),
    }).toEqual({ sweep: 2, recovery: 6, refunds: 6, mail: 6, reminders: 6, pruning: 1, waitlists: 6 });
    expect((await db.knex('courses').where({ id: seminar.id }).first()).type).toBe('recorded_seminar');
    // The warming fills each process's own cache: it is not claimed through the database.
    expect(await db.knex('job_schedules').where({ name: 'catalogue-warming' })).toEqual([]);
    expect(await db.knex('job_schedules').whereNotNull('lease_token')).toEqual([]);
  });
});
