/**
 * `npm run bench:media`: serving a 1 MB HLS segment to the entitled (credential checked, person's
 * entitlements read at every request) with 50 connections, beside a raw `node:http` server that
 * streams the same file from disk — in one run, one after the other. Target: at least 0.8× the
 * raw server's requests/s (issue 29). Results also go to bench-results/media.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '@api/app';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { createBenchDatabase, BENCH_AUTH_SECRET, benchPerson } from './bench-database';

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? '8');
const SEGMENT_BYTES = 1024 * 1024;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function load(url: string) {
  const result = await autocannon({ url, connections: 50, duration: seconds });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const db = await createBenchDatabase('demo');
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-bench-'));
const now = new Date().toISOString();
const assetId = crypto.randomUUID();
const segmentFile = path.join(mediaDir, 'videos', assetId, '720p', 'seg_00001.ts');
fs.mkdirSync(path.dirname(segmentFile), { recursive: true });
fs.writeFileSync(segmentFile, crypto.randomBytes(SEGMENT_BYTES));
fs.writeFileSync(path.join(mediaDir, 'videos', assetId, 'master.m3u8'), '#EXTM3U\n');

// A buyer with an entitlement to a course whose lesson has that video.
const course = await db.knex('courses').first('id');
const { id: userId, token } = await benchPerson(db.knex, 'customer', 'bench@academy.test', 'Bench Buyer');
const lessonId = crypto.randomUUID();
await db.knex('video_assets').insert({ id: assetId, status: 'ready', progress: 100, duration_seconds: 600, created_at: now, updated_at: now });
await db
  .knex('lessons')
  .insert({ id: lessonId, course_id: course.id, title: 'Bench lesson', kind: 'video', position: 0, video_asset_id: assetId, created_at: now, updated_at: now });
await db
  .knex('entitlements')
  .insert({ id: crypto.randomUUID(), user_id: userId, course_id: course.id, source: 'grant', source_id: crypto.randomUUID(), starts_at: now, created_at: now });

const app = createApp({
  knex: db.knex,
  mailer: { send: async () => undefined },
  authSecret: BENCH_AUTH_SECRET,
  mediaStore: createLocalMediaStore(mediaDir),
});
const appServer = http.createServer(app.callback());
const appUrl = await listen(appServer);
const playback = (await (await fetch(`${appUrl}/api/lessons/${lessonId}/playback`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
  manifestUrl: string;
};
const segmentUrl = appUrl + playback.manifestUrl.replace('master.m3u8', '720p/seg_00001.ts');
const check = await fetch(segmentUrl);
if (check.status !== 200 || (await check.arrayBuffer()).byteLength !== SEGMENT_BYTES) throw new Error(`The app did not serve the segment (${check.status})`);

// The physical limit: node:http streaming the file from disk, nothing else.
const raw = http.createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'video/mp2t', 'Content-Length': SEGMENT_BYTES });
  fs.createReadStream(segmentFile).pipe(res);
});
const rawUrl = await listen(raw);

const rawLoad = await load(`${rawUrl}/seg_00001.ts`);
const appLoad = await load(segmentUrl);
const ratio = appLoad.rps / rawLoad.rps;
console.log(`\n### Segment serving (1 MB, 50 connections, ${seconds} s each, ${db.engine})\n`);
console.log('| server | requests/s | p50 ms | p99 ms | errors |');
console.log('|---|---:|---:|---:|---:|');
console.log(`| raw node:http from disk | ${rawLoad.rps} | ${rawLoad.p50} | ${rawLoad.p99} | ${rawLoad.errors} |`);
console.log(`| app (credential + entitlement check) | ${appLoad.rps} | ${appLoad.p50} | ${appLoad.p99} | ${appLoad.errors} |`);
console.log(`\napp / raw: ${ratio.toFixed(2)}× (target ≥ 0.80×)\n`);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync('bench-results/media.json', JSON.stringify({ engine: db.engine, raw: rawLoad, app: appLoad, ratio }, null, 2));
appServer.close();
raw.close();
await db.destroy();
fs.rmSync(mediaDir, { recursive: true, force: true });
