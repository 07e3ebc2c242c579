/**
 * `npm run bench`: every benchmark, one after the other (never part of `npm test`): the API on
 * SQLite (and on MySQL when BENCH_MYSQL_URL is set), the back office's orders at 100,000 orders,
 * lesson media (segment serving), video uploads (tus vs a raw PUT) and transcoding (the job vs
 * its ffmpeg command alone), attendance (a 5,000-person report imported; credits for 100,000
 * attendees), grading 10,000 exam attempts of 50 questions, completion (the rule over 100,000 learners; one
 * course of 5,000 recomputed), an organisation's dashboard at 2,000 members × 50 courses and 5,000
 * invitations from one CSV, then the storefront, a video lesson's first frame, a course downloaded
 * for offline (the download beside a plain fetch, the first frame and seeks offline), the door
 * scanner's offline check-in and the exam screen's answer click → saved in Chromium. Builds the PWA first. Figures print as Markdown tables
 * and are kept in bench-results/.
 */
import { spawnSync } from 'node:child_process';

const step = (args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

step(['vite', 'build', '--logLevel', 'warn']);
step(['tsx', 'scripts/measure-first-load.ts']);
const { BENCH_MYSQL_URL, ...sqliteEnv } = process.env;
step(['tsx', 'scripts/bench/api-bench.ts', ...process.argv.slice(2)], sqliteEnv);
if (BENCH_MYSQL_URL) step(['tsx', 'scripts/bench/api-bench.ts', ...process.argv.slice(2)], process.env);
step(['tsx', '--expose-gc', 'scripts/bench/orders-bench.ts'], sqliteEnv);
if (BENCH_MYSQL_URL) step(['tsx', '--expose-gc', 'scripts/bench/orders-bench.ts'], process.env);
step(['tsx', 'scripts/bench/media-bench.ts'], sqliteEnv);
step(['tsx', 'scripts/bench/video-upload-bench.ts'], sqliteEnv);
step(['tsx', 'scripts/bench/video-transcode-bench.ts'], sqliteEnv);
step(['tsx', 'scripts/bench/attendance-import-bench.ts'], sqliteEnv);
if (BENCH_MYSQL_URL) step(['tsx', 'scripts/bench/attendance-import-bench.ts'], process.env);
step(['tsx', 'scripts/bench/credits-bench.ts'], sqliteEnv);
step(['tsx', 'scripts/bench/attempts-grading-bench.ts'], sqliteEnv);
if (BENCH_MYSQL_URL) step(['tsx', 'scripts/bench/attempts-grading-bench.ts'], process.env);
step(['tsx', 'scripts/bench/completion-bench.ts'], sqliteEnv);
if (BENCH_MYSQL_URL) step(['tsx', 'scripts/bench/completion-bench.ts'], process.env);
step(['tsx', 'scripts/bench/certificates-bench.ts'], sqliteEnv);
if (BENCH_MYSQL_URL) step(['tsx', 'scripts/bench/certificates-bench.ts'], process.env);
step(['tsx', 'scripts/bench/verify-bench.ts'], sqliteEnv);
if (BENCH_MYSQL_URL) step(['tsx', 'scripts/bench/verify-bench.ts'], process.env);
step(['tsx', '--expose-gc', 'scripts/bench/orgs-bench.ts'], sqliteEnv);
if (BENCH_MYSQL_URL) step(['tsx', '--expose-gc', 'scripts/bench/orgs-bench.ts'], process.env);
step(['tsx', 'scripts/bench/browser-bench.ts', ...process.argv.slice(2)], sqliteEnv);
step(['tsx', 'scripts/bench/first-frame-bench.ts'], sqliteEnv);
step(['tsx', 'scripts/bench/offline-bench.ts'], sqliteEnv);
step(['tsx', 'scripts/bench/check-in-bench.ts'], sqliteEnv);
step(['tsx', 'scripts/bench/exam-answer-bench.ts'], sqliteEnv);
