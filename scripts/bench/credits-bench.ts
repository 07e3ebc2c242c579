/**
 * `npm run bench:credits`: the credit function (contracts/credits.ts) over 100,000 attendees of
 * one session (issue 30's benchmark): random minutes and poll answers under a two-kind rule at 0.5
 * increments with a 75 % poll minimum, five runs after a warm-up; time per run, per attendee and
 * the heap it leaves. Results also go to bench-results/credits.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { computeCredits, creditRulesSchema, type AttendanceFacts } from '@contracts/credits';

const ATTENDEES = 100_000;
const RUNS = 5;
const rules = creditRulesSchema.parse({ types: [{ kind: 'CPE', fieldOfStudy: 'Regulatory Ethics' }, { kind: 'RAC' }], increment: 0.5, minPollRatio: 0.75 });

// A fixed pseudo-random sequence: the same attendees every run and every sitting.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const attendees: AttendanceFacts[] = Array.from({ length: ATTENDEES }, () => ({
  seconds: Math.floor(random() * 120 * 60),
  pollsAnswered: Math.floor(random() * 7),
  pollsAsked: 6,
}));

const run = () => {
  const started = process.hrtime.bigint();
  let earned = 0;
  for (const attendee of attendees) if (computeCredits(attendee, rules).status === 'earned') earned += 1;
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, earned };
};

run(); // warm-up
const times: number[] = [];
let earned = 0;
for (let i = 0; i < RUNS; i += 1) {
  const result = run();
  times.push(result.ms);
  earned = result.earned;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)]!;
const result = {
  attendees: ATTENDEES,
  earned,
  medianMs: Math.round(median * 10) / 10,
  rangeMs: [Math.round(times[0]! * 10) / 10, Math.round(times[RUNS - 1]! * 10) / 10],
  perAttendeeMicroseconds: Math.round((median / ATTENDEES) * 1000 * 100) / 100,
  heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
};
console.log('\n| credits over 100,000 attendees | median (range) | per attendee | earned | heap |');
console.log('|---|---|---|---|---|');
console.log(
  `| computeCredits | ${result.medianMs} ms (${result.rangeMs.join('–')}) | ${result.perAttendeeMicroseconds} µs | ${earned} | ${result.heapUsedMb} MB |`,
);
const out = path.resolve(import.meta.dirname, '..', '..', 'bench-results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'credits.json'), `${JSON.stringify(result, null, 2)}\n`);
