/**
 * `npm run bench:attempts`: grading 10,000 submitted attempts of 50 questions (issue 31's
 * benchmark), two ways. The grading function alone (`services/attempts/grading.ts`: the score, and
 * the result with its review) over 10,000 attempts in memory, five runs after a warm-up; and the
 * whole submit (`AttemptService.submit`: the attempt read, locked, the last answers checked and
 * merged, graded, the conditional UPDATE committed) of 10,000 open attempts one after the other on
 * a fresh SQLite database, or MySQL/MariaDB with BENCH_MYSQL_URL. Time per attempt; results also
 * go to bench-results/attempts-grading[-mysql].json. BENCH_ATTEMPTS=<n> sets the count.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AttemptService } from '@api/services/attempts/attempts';
import { drawQuestions } from '@api/services/attempts/draw';
import { grade, resultOf } from '@api/services/attempts/grading';
import { createLogger } from '@api/logger';
import { Assessment, AssessmentAttempt, Question, type DrawnQuestion } from '@db/models';
import { createBenchDatabase } from './bench-database';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 10_000);
const QUESTIONS = 50;
const RUNS = 5;

// A fixed pseudo-random sequence: the same draws and answers every sitting.
let seed = 31;
const randomInt = (below: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % below;

const db = await createBenchDatabase(1);
const course = await db.knex('courses').first('id');
const courseId: string = course.id;
const iso = new Date().toISOString();
const assessment = Assessment.fromJson({
  id: crypto.randomUUID(),
  courseId,
  lessonId: null,
  kind: 'final',
  title: 'Bench final',
  drawCount: QUESTIONS,
  passMarkPercent: 70,
  maxAttempts: null,
  timeLimitMinutes: null,
  shuffleQuestions: true,
  shuffleOptions: true,
  showAnswers: 'after_last_attempt',
  deletedAt: null,
  createdAt: iso,
  updatedAt: iso,
});
await Assessment.query(db.knex).insert(assessment);
// A bank of 200: single, multiple and true/false questions.
const kinds = ['single', 'multiple', 'true_false'] as const;
const bank = Array.from({ length: 200 }, (_, i) => {
  const kind = kinds[i % 3]!;
  const size = kind === 'true_false' ? 2 : 5;
  return Question.fromJson({
    id: crypto.randomUUID(),
    courseId,
    assessmentId: null,
    kind,
    text: `<p>Bench question ${i + 1}: which of these holds under 21 CFR Part 11?</p>`,
    options: Array.from({ length: size }, (_, k) => ({
      id: crypto.randomUUID(),
      text: `Option ${k + 1}`,
      correct: k === 0 || (kind === 'multiple' && k === 2),
    })),
    explanation: `Explanation ${i + 1}.`,
    position: i,
    createdAt: iso,
    updatedAt: iso,
  });
});
await Question.insertMany(db.knex, bank);

/** Answers to a draw: about 80 % right, the rest a wrong option. */
const answersTo = (questions: DrawnQuestion[]) =>
  Object.fromEntries(
    questions.map((q) => [q.id, randomInt(10) < 8 ? q.options.filter((o) => o.correct).map((o) => o.id) : [q.options.find((o) => !o.correct)!.id]]),
  );
const sittings = Array.from({ length: ATTEMPTS }, (_, i) => {
  const questions = drawQuestions(bank, assessment, randomInt);
  return { id: crypto.randomUUID(), userId: crypto.randomUUID(), number: 1, questions, answers: answersTo(questions), i };
});

// 1. The grading function alone.
const gradeAll = () => {
  const started = process.hrtime.bigint();
  let passed = 0;
  for (const s of sittings) {
    const { scorePercent, passed: ok } = grade(s.questions, s.answers, assessment.passMarkPercent);
    const result = resultOf(assessment, { ...s, scorePercent, passed: ok, submittedAt: iso });
    if (result.passed) passed += 1;
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, passed };
};
gradeAll();
const times = Array.from({ length: RUNS }, () => gradeAll()).sort((a, b) => a.ms - b.ms);
const pure = times[Math.floor(RUNS / 2)]!;

// 2. The whole submit through the service: open attempts in the database, each submitted with its last 10 answers.
for (let from = 0; from < ATTEMPTS; from += 200) {
  await AssessmentAttempt.insertMany(
    db.knex,
    sittings.slice(from, from + 200).map((s) => ({
      id: s.id,
      assessmentId: assessment.id,
      courseId,
      userId: s.userId,
      number: 1,
      status: 'open' as const,
      openKey: `${assessment.id}:${s.userId}`,
      questions: s.questions,
      answers: Object.fromEntries(Object.entries(s.answers).slice(0, QUESTIONS - 10)),
      startedAt: iso,
      expiresAt: null,
      answersSavedAt: null,
      submittedAt: null,
      scorePercent: null,
      passed: null,
    })),
  );
}
const service = new AttemptService({
  knex: db.knex,
  clock: () => new Date(),
  logger: createLogger('silent'),
  access: { require: async () => ({ staff: true, entitlements: [] }) },
});
const started = process.hrtime.bigint();
let passedInDb = 0;
for (const s of sittings) {
  const last = Object.entries(s.answers)
    .slice(QUESTIONS - 10)
    .map(([questionId, optionIds]) => ({ questionId, optionIds }));
  const result = await service.submit({ id: s.userId } as Parameters<AttemptService['submit']>[0], s.id, last);
  if (result.passed) passedInDb += 1;
}
const submitMs = Number(process.hrtime.bigint() - started) / 1e6;
const graded = await db.knex('assessment_attempts').where({ status: 'submitted' }).count({ n: '*' }).first();
await db.destroy();
if (passedInDb !== pure.passed || Number(graded?.n) !== ATTEMPTS)
  throw new Error(`Grading disagreed: ${passedInDb} vs ${pure.passed} passed, ${graded?.n} graded`);

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const result = {
  engine: db.engine,
  attempts: ATTEMPTS,
  questionsPerAttempt: QUESTIONS,
  passed: pure.passed,
  gradingMedianMs: round(pure.ms),
  gradingRangeMs: [round(times[0]!.ms), round(times[RUNS - 1]!.ms)],
  gradingPerAttemptMicroseconds: round((pure.ms / ATTEMPTS) * 1000, 2),
  submitTotalMs: round(submitMs),
  submitPerAttemptMs: round(submitMs / ATTEMPTS, 3),
};
console.log(`\n| grading ${ATTEMPTS.toLocaleString('en')} attempts of ${QUESTIONS} questions (${db.engine}) | total | per attempt |`);
console.log('|---|---|---|');
console.log(`| grade + result with review (in memory, median of ${RUNS}) | ${result.gradingMedianMs} ms | ${result.gradingPerAttemptMicroseconds} µs |`);
console.log(`| AttemptService.submit, one after another (database) | ${round(submitMs / 1000, 2)} s | ${result.submitPerAttemptMs} ms |`);
const out = path.resolve(import.meta.dirname, '..', '..', 'bench-results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, `attempts-grading${db.engine === 'mysql' ? '-mysql' : ''}.json`), `${JSON.stringify(result, null, 2)}\n`);
