/**
 * `npm run bench:completion` (BENCH_MYSQL_URL for MariaDB): issue 31's completion benchmark —
 * the one completion function (contracts/completion.ts) over 100,000 learners of a recorded course
 * of 10 videos with a final exam (five runs after a warm-up: time per run and per learner); then a
 * course of 10 ready videos and 5,000 entitled learners with progress (50,000 rows) recomputed
 * through `CompletionService.recompute` (all at once, twice: the second finds nothing new), and a
 * new rule applied to everyone not yet complete as the `apply-completion-rule` job does it (pages
 * of 500). Results also go to bench-results/completion.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { evaluateCompletion, type CompletionFacts, type CompletionRule } from '@contracts/completion';
import { CompletionService } from '@api/services/completion/completion-service';
import { benchCourse, createBenchDatabase } from './bench-database';

const LEARNERS = 100_000;
const RUNS = 5;
const VIDEOS = 10;
const COURSE_LEARNERS = 5_000;

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const rule: CompletionRule = { minWatchedPercent: 90, watchedScope: 'each', finalExamPassed: true };
const learners: CompletionFacts[] = Array.from({ length: LEARNERS }, () => ({
  videos: Array.from({ length: VIDEOS }, (_, i) => ({
    lessonId: `l${i}`,
    durationSeconds: 600,
    watchedSeconds: random() < 0.8 ? 600 : Math.floor(random() * 600),
  })),
  finalExamPassed: random() < 0.7,
  attendedMinutes: 0,
  credits: 0,
  checkedIn: false,
}));
const pure = () => {
  const started = process.hrtime.bigint();
  let complete = 0;
  for (const facts of learners) if (evaluateCompletion(rule, facts).complete) complete += 1;
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, complete };
};
pure();
const times: number[] = [];
let complete = 0;
for (let i = 0; i < RUNS; i += 1) {
  const run = pure();
  times.push(run.ms);
  complete = run.complete;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

const db = await createBenchDatabase(1);
const knex = db.knex;
const stamp = '2026-11-01T00:00:00.000Z';
const courseId = await benchCourse(knex, 'Bench recorded', stamp);
const lessonIds: string[] = [];
for (let i = 0; i < VIDEOS; i += 1) {
  const assetId = crypto.randomUUID();
  await knex('video_assets').insert({ id: assetId, status: 'ready', progress: 100, duration_seconds: 600, created_at: stamp, updated_at: stamp });
  const id = crypto.randomUUID();
  await knex('lessons').insert({
    id,
    course_id: courseId,
    title: `Video ${i}`,
    kind: 'video',
    position: i,
    video_asset_id: assetId,
    created_at: stamp,
    updated_at: stamp,
  });
  lessonIds.push(id);
}
for (let i = 0; i < COURSE_LEARNERS; i += 40) {
  const users = Array.from({ length: Math.min(40, COURSE_LEARNERS - i) }, (_, j) => {
    const email = `learner${i + j}@completion.test`;
    return { id: crypto.randomUUID(), name: email, email, role: 'customer', is_active: true, created_at: stamp, updated_at: stamp };
  });
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
  await knex('lesson_progress').insert(
    users.flatMap((u) =>
      lessonIds.map((lessonId) => {
        const watched = random() < 0.9 ? 600 : 300;
        return {
          user_id: u.id,
          lesson_id: lessonId,
          course_id: courseId,
          ranges: JSON.stringify([[0, watched]]),
          watched_seconds: watched,
          position: watched,
          updated_at: stamp,
        };
      }),
    ),
  );
}
const people = ((await knex('entitlements').where('course_id', courseId).select('user_id')) as Array<{ user_id: string }>).map((r) => r.user_id);
let clock = new Date('2026-11-27T08:00:00.000Z');
const service = new CompletionService({ knex, clock: () => clock });
const timed = async (work: () => Promise<unknown>) => {
  const started = process.hrtime.bigint();
  await work();
  return round(Number(process.hrtime.bigint() - started) / 1e6);
};
let queries = 0;
knex.on('query', () => (queries += 1));
const firstMs = await timed(() => service.recompute(courseId, people));
const firstQueries = queries;
const completedFirst = Number((await knex('course_completions').where('course_id', courseId).whereNotNull('completed_at').count({ n: '*' }).first())!.n);
clock = new Date('2026-11-27T08:01:00.000Z');
const againMs = await timed(() => service.recompute(courseId, people));
clock = new Date('2026-11-27T08:02:00.000Z');
await knex('course_completion_rules').insert({
  course_id: courseId,
  rule: JSON.stringify({ minWatchedPercent: 50, watchedScope: 'each' }),
  updated_at: clock.toISOString(),
});
const applyMs = await timed(async () => {
  for (let after = ''; ;) {
    const page = await service.pendingPeople(courseId, after, 500);
    if (page.length === 0) break;
    await service.recompute(courseId, page);
    after = page[page.length - 1]!;
  }
});
const completedAfter = Number((await knex('course_completions').where('course_id', courseId).whereNotNull('completed_at').count({ n: '*' }).first())!.n);
await db.destroy();

const result = {
  engine: db.engine,
  pure: {
    learners: LEARNERS,
    videosEach: VIDEOS,
    complete,
    medianMs: round(median),
    rangeMs: [round(times[0]!), round(times[RUNS - 1]!)],
    perLearnerMicroseconds: Math.round((median / LEARNERS) * 1000 * 100) / 100,
  },
  recompute: {
    learners: COURSE_LEARNERS,
    progressRows: COURSE_LEARNERS * VIDEOS,
    firstMs,
    queries: firstQueries,
    completed: completedFirst,
    againMs,
    newRuleAppliedMs: applyMs,
    completedAfterRule: completedAfter,
  },
};
console.log('\n| completion function over 100,000 learners (10 videos, final exam) | median (range) | per learner | complete |');
console.log('|---|---|---|---|');
console.log(
  `| ${LEARNERS.toLocaleString('en')} | ${result.pure.medianMs} ms (${result.pure.rangeMs.join('–')}) | ${result.pure.perLearnerMicroseconds} µs | ${complete} |`,
);
console.log(
  `\n| recompute one course (${db.engine}) | ${COURSE_LEARNERS.toLocaleString('en')} learners, ${(COURSE_LEARNERS * VIDEOS).toLocaleString('en')} progress rows |`,
);
console.log('|---|---|');
console.log(`| first recompute | ${firstMs} ms, ${firstQueries} queries, ${completedFirst} complete |`);
console.log(`| again (nothing new) | ${againMs} ms |`);
console.log(`| a new rule applied to those not complete (pages of 500) | ${applyMs} ms, ${completedAfter} complete after |`);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(path.join('bench-results', 'completion.json'), JSON.stringify(result, null, 2));
