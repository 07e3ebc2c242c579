/**
 * `npm run bench` (issue 29): transcoding through the queued job vs the very same ffmpeg command
 * run alone on the same file, at the same priority (a 30 s 1280×720 testsrc2 video with sound, made here; renditions 360p
 * and 720p, the MP4 and the poster), alternating, two rounds each (median). Target: the job's wall
 * time (probe, ffmpeg, copying the outputs into the media store, the database writes) at most
 * 1.1× the command's. Then the API's p99 on /api/courses (autocannon, 10 connections) idle and
 * while a worker process transcodes: target within 2× of idle. `--seconds=N` changes the video.
 * Results also go to bench-results/video-transcode.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '@api/app';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { JobRunner } from '@api/jobs/runner';
import { transcodeVideoJob } from '@api/jobs/transcode-video';
import { createLogger } from '@api/logger';
import { planRenditions, transcodeArgs } from '@api/services/video/ffmpeg-command';
import { TRANSCODE_NICENESS } from '@api/services/video/ffmpeg-run';
import { probeVideo } from '@api/services/video/probe';
import { transcodeSettings } from '@api/services/video/tools';
import { createBenchDatabase, BENCH_AUTH_SECRET } from './bench-database';

const SECONDS = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? '30');
const ROUNDS = 2;
const tools = transcodeSettings(undefined);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'video-transcode-bench-'));
const source = path.join(work, 'source.mp4');
const made = spawnSync(tools.ffmpegPath, [
  ...[
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${SECONDS}:size=1280x720:rate=30`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${SECONDS}`,
  ],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
]);
if (made.status !== 0) throw new Error(`ffmpeg could not make the source: ${made.stderr}`);

const elapsed = async (work: () => Promise<unknown>) => {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
};

/** The job's own ffmpeg command (at the job's priority), run by hand in a fresh folder. */
async function alone(): Promise<number> {
  const probed = (await probeVideo(tools.ffprobePath, source))!;
  const renditions = planRenditions(probed);
  const out = fs.mkdtempSync(path.join(work, 'alone-'));
  for (const r of renditions) fs.mkdirSync(path.join(out, r.name));
  const seconds = await elapsed(
    () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(tools.ffmpegPath, transcodeArgs(source, probed, renditions), { cwd: out, stdio: 'ignore' });
        os.setPriority(child.pid!, TRANSCODE_NICENESS);
        child.once('error', reject);
        child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
      }),
  );
  fs.rmSync(out, { recursive: true, force: true });
  return seconds;
}

const db = await createBenchDatabase('demo');
const mediaDir = path.join(work, 'media');
const app = createApp({
  knex: db.knex,
  mailer: { send: async () => undefined },
  authSecret: BENCH_AUTH_SECRET,
  mediaStore: createLocalMediaStore(mediaDir),
});
const server = http.createServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const now = new Date().toISOString();
const adminId = crypto.randomUUID();
await db
  .knex('users')
  .insert({ id: adminId, name: 'Bench Admin', email: 'bench-admin@academy.test', role: 'admin', is_active: true, created_at: now, updated_at: now });
const token = crypto.randomBytes(32).toString('base64url');
await db.knex('sessions').insert({
  id: crypto.randomUUID(),
  user_id: adminId,
  token_hash: crypto.createHash('sha256').update(token).digest('hex'),
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  created_at: now,
});

/** Uploads the source (tus) and queues its transcode; answers the upload id. */
async function queued(): Promise<string> {
  const bytes = fs.readFileSync(source);
  const auth = { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${appUrl}/api/uploads/video`, { method: 'POST', headers: { ...auth, 'Upload-Length': String(bytes.length) } });
  const location = created.headers.get('Location')!;
  const patched = await fetch(`${appUrl}${location}`, {
    method: 'PATCH',
    headers: { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes as BodyInit,
  });
  if (patched.status !== 204) throw new Error(`upload answered ${patched.status}`);
  const id = location.split('/').pop()!;
  await app.services.videos.queueTranscode(id);
  return id;
}

const ready = async (id: string) => (await db.knex('video_assets').where({ id }).first()).status === 'ready';

async function throughJob(): Promise<number> {
  const id = await queued();
  const runner = new JobRunner({ knex: db.knex, logger: createLogger('warn'), queued: [transcodeVideoJob(app.services, tools)] });
  const seconds = await elapsed(() => runner.tick());
  if (!(await ready(id))) throw new Error('The job did not make the video');
  return seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const aloneTimes: number[] = [];
const jobTimes: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  aloneTimes.push(await alone());
  jobTimes.push(await throughJob());
}
const ratio = median(jobTimes) / median(aloneTimes);

// The API while a worker process transcodes.
const p99 = async (seconds: number) => (await autocannon({ url: `${appUrl}/api/courses`, connections: 10, duration: seconds })).latency.p99;
const idle = await p99(5);
const id = await queued();
const worker = spawn(process.execPath, ['--import', 'tsx', 'tests/api/support/video-worker-process.ts'], {
  env: { ...process.env, DATABASE_URL: db.url, MEDIA_DIR: mediaDir },
  stdio: 'ignore',
});
while ((await db.knex('video_assets').where({ id }).first()).status !== 'processing') await new Promise((resolve) => setTimeout(resolve, 20));
const busy = await p99(Math.max(2, Math.min(5, median(aloneTimes) * 0.6)));
while (!(await ready(id))) await new Promise((resolve) => setTimeout(resolve, 100));
worker.kill('SIGTERM');

const fmt = (values: number[]) => values.map((s) => s.toFixed(2)).join(', ');
console.log(`\n### Video transcoding (${SECONDS} s of 1280×720 → 360p + 720p HLS, MP4, poster; median of ${ROUNDS}, ${db.engine})\n`);
console.log('| run | seconds (median) | each round |');
console.log('|---|---:|---|');
console.log(`| the ffmpeg command alone | ${median(aloneTimes).toFixed(2)} | ${fmt(aloneTimes)} |`);
console.log(`| through the transcode-video job | ${median(jobTimes).toFixed(2)} | ${fmt(jobTimes)} |`);
console.log(`\njob / alone: ${ratio.toFixed(2)}× (target ≤ 1.10×)`);
console.log(`\n/api/courses p99: idle ${idle} ms, while a worker transcodes ${busy} ms: ${(busy / idle).toFixed(2)}× (target ≤ 2×)\n`);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(
  'bench-results/video-transcode.json',
  JSON.stringify({ engine: db.engine, seconds: SECONDS, aloneTimes, jobTimes, ratio, apiP99: { idle, busy, ratio: busy / idle } }, null, 2),
);
server.close();
await db.destroy();
fs.rmSync(work, { recursive: true, force: true });
process.exit(0);
