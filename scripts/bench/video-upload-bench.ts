/**
 * `npm run bench` (issue 29): a resumable video upload's throughput — a 500 MB file (made here)
 * sent in one tus PATCH to the app (bearer token, tus server, file store) beside a plain PUT of it
 * to a raw `node:http` server that writes it to disk — the same client, one after the other, three
 * rounds each (median). Target: at least 0.8× the raw server's MB/s. `--mb=N` changes the size.
 * Results also go to bench-results/video-upload.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createApp } from '@api/app';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { createBenchDatabase, BENCH_AUTH_SECRET } from './bench-database';

const MB = Number(process.argv.find((a) => a.startsWith('--mb='))?.split('=')[1] ?? '500');
const SIZE = MB * 1024 * 1024;
const ROUNDS = 3;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'video-upload-bench-'));
const source = path.join(work, 'upload.bin');
// 500 MB of incompressible bytes: one random MiB, repeated.
{
  const chunk = crypto.randomBytes(1024 * 1024);
  const out = fs.openSync(source, 'w');
  for (let i = 0; i < MB; i++) fs.writeSync(out, chunk);
  fs.closeSync(out);
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Sends the file as the request body; answers the response's status, headers and the seconds it took. */
function send(url: string, method: string, headers: Record<string, string>): Promise<{ status: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(url, { method, headers: { ...headers, 'Content-Length': String(SIZE) } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
    });
    request.on('error', reject);
    pipeline(fs.createReadStream(source, { highWaterMark: 1024 * 1024 }), request).catch(reject);
  });
}

// The physical limit: node:http writing the body to disk, nothing else.
const rawDir = path.join(work, 'raw');
fs.mkdirSync(rawDir);
const raw = http.createServer((req, res) => {
  const file = path.join(rawDir, crypto.randomUUID());
  pipeline(req, fs.createWriteStream(file)).then(
    () => {
      res.writeHead(204).end();
      fs.rmSync(file, { force: true });
    },
    () => res.writeHead(500).end(),
  );
});
const rawUrl = await listen(raw);

const db = await createBenchDatabase('demo');
const mediaDir = path.join(work, 'media');
const app = createApp({
  knex: db.knex,
  mailer: { send: async () => undefined },
  authSecret: BENCH_AUTH_SECRET,
  mediaStore: createLocalMediaStore(mediaDir),
});
const appUrl = await listen(http.createServer(app.callback()));
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

async function tusUpload(): Promise<number> {
  const auth = { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${appUrl}/api/uploads/video`, { method: 'POST', headers: { ...auth, 'Upload-Length': String(SIZE) } });
  if (created.status !== 201) throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
  const location = created.headers.get('Location')!;
  const sent = await send(`${appUrl}${location}`, 'PATCH', { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' });
  if (sent.status !== 204) throw new Error(`tus PATCH answered ${sent.status}`);
  const id = location.split('/').pop()!;
  if (fs.statSync(path.join(mediaDir, 'incoming-videos', id)).size !== SIZE) throw new Error('The upload is not whole');
  fs.rmSync(path.join(mediaDir, 'incoming-videos', id));
  fs.rmSync(path.join(mediaDir, 'incoming-videos', `${id}.json`));
  return sent.seconds;
}

async function rawPut(): Promise<number> {
  const sent = await send(`${rawUrl}/upload.bin`, 'PUT', { 'Content-Type': 'application/octet-stream' });
  if (sent.status !== 204) throw new Error(`raw PUT answered ${sent.status}`);
  return sent.seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rawTimes: number[] = [];
const tusTimes: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  rawTimes.push(await rawPut());
  tusTimes.push(await tusUpload());
}
const mbps = (seconds: number) => Math.round((MB / seconds) * 10) / 10;
const rawRate = mbps(median(rawTimes));
const tusRate = mbps(median(tusTimes));
const ratio = tusRate / rawRate;
console.log(`\n### Video upload (${MB} MB in one request, median of ${ROUNDS}, ${db.engine})\n`);
console.log('| server | MB/s | seconds (each round) |');
console.log('|---|---:|---|');
console.log(`| raw node:http PUT to disk | ${rawRate} | ${rawTimes.map((s) => s.toFixed(2)).join(', ')} |`);
console.log(`| app tus PATCH (token, tus server, file store) | ${tusRate} | ${tusTimes.map((s) => s.toFixed(2)).join(', ')} |`);
console.log(`\ntus / raw: ${ratio.toFixed(2)}× (target ≥ 0.80×)\n`);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(
  'bench-results/video-upload.json',
  JSON.stringify({ engine: db.engine, mb: MB, rawMBps: rawRate, tusMBps: tusRate, rawTimes, tusTimes, ratio }, null, 2),
);
raw.close();
await db.destroy();
fs.rmSync(work, { recursive: true, force: true });
process.exit(0);
