/**
 * `npm run bench:api [-- --courses=demo|10000]`: the catalogue API under load, beside a raw
 * `node:http` server that serves the very same bytes (the physical limit of this machine).
 * SQLite by default; BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306 for MySQL/MariaDB.
 * Reports requests/s and latency percentiles (autocannon, 50 connections), the cost of an
 * uncached rare-term search, and the process's peak RSS. Results also go to bench-results/.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createApp } from '@api/app';
import { catalogueWarmer } from '@api/jobs/warm-catalogue-snapshot';
import { createBenchDatabase, DEMO, BENCH_AUTH_SECRET } from './bench-database';
import { RARE_TERM } from './generate-catalogue';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = arg('courses', `${DEMO},10000`)
  .split(',')
  .map((s) => (s === DEMO ? DEMO : Number(s)));
const seconds = Number(arg('seconds', '5'));
const ENCODING = { 'accept-encoding': 'br, gzip' };

let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytesPerRequest: number;
}

async function load(url: string, connections = 50): Promise<Load> {
  const result = await autocannon({ url, connections, duration: seconds, headers: ENCODING });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

/** The exact bytes and encoding the app answers (node:http, so nothing decodes them on the way). */
function rawGet(url: string): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: ENCODING }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
      })
      .on('error', reject);
  });
}

async function rawTwin(url: string): Promise<{ base: string; close: () => void }> {
  const { body, encoding } = await rawGet(url);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
  if (encoding) headers['content-encoding'] = encoding;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  return { base: await listen(server), close: () => server.close() };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(courses: number | typeof DEMO) {
  const db = await createBenchDatabase(courses);
  const windowMs = Number(arg('window', '1000'));
  const newApp = () =>
    createApp({
      knex: db.knex,
      catalogueCache: { windowMs },
      mailer: { send: async () => undefined },
      authSecret: BENCH_AUTH_SECRET,
    });
  const app = newApp();
  const server = http.createServer(app.callback());
  const base = await listen(server);
  const rows: Array<Record<string, string | number>> = [];
  const label = `${db.engine}, ${courses === DEMO ? '45 (demo)' : courses} courses`;

  // The first visit's offline-copy snapshot, the first time a process is asked for it: built for
  // that visitor, or built ahead by the warming job (jobs/warm-catalogue-snapshot.ts, as server.ts runs it).
  const snapshot = async (at: string) => {
    const t0 = performance.now();
    await (await fetch(`${at}/api/sync/catalogue?view=summary`, { headers: ENCODING })).arrayBuffer();
    return { p50: Math.round(performance.now() - t0) };
  };
  rows.push({ what: "first visit's snapshot (view=summary), first request, built on demand", ...(await snapshot(base)) });
  const warmedApp = newApp();
  await catalogueWarmer(warmedApp.services).warm();
  const warmedServer = http.createServer(warmedApp.callback());
  rows.push({ what: "first visit's snapshot (view=summary), first request, warmed at start", ...(await snapshot(await listen(warmedServer))) });
  warmedServer.close();

  const full = `${base}/api/courses`;
  const raw = await rawTwin(full);
  const rawLoad = await load(raw.base);
  const appLoad = await load(full);
  rows.push({ what: 'raw node:http, same bytes', ...rawLoad });
  rows.push({ what: 'GET /api/courses', ...appLoad, ratio: +(appLoad.rps / rawLoad.rps).toFixed(2) });
  raw.close();

  const page = await load(`${base}/api/courses?limit=24&view=summary`);
  rows.push({ what: 'GET /api/courses?limit=24&view=summary', ...page });
  const deep = await fetch(`${base}/api/courses?limit=100&view=summary`);
  const link = deep.headers.get('link');
  if (link) rows.push({ what: 'a later page (cursor)', ...(await load(base + /^<([^>]+)>/.exec(link)![1]!)) });
  rows.push({ what: `GET /api/courses?search=${RARE_TERM} (cached)`, ...(await load(`${base}/api/courses?search=${RARE_TERM}`)) });

  // Uncached search: the service itself, a different term each time (no answer cache involved).
  const terms = [RARE_TERM, 'zebra', 'toxicology', 'cleanroom', 'bootcamp', 'pharmacov', 'supplier quality', 'deviation'];
  const times: number[] = [];
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < seconds * 1000) {
    const t0 = performance.now();
    await app.services.catalogue.listCourses({ search: terms[n % terms.length], view: 'summary' });
    times.push(performance.now() - t0);
    n += 1;
  }
  const rareTimes: number[] = [];
  const rareStarted = performance.now();
  while (performance.now() - rareStarted < seconds * 1000) {
    const t0 = performance.now();
    await app.services.catalogue.listCourses({ search: RARE_TERM, view: 'summary' });
    rareTimes.push(performance.now() - t0);
  }
  rows.push({
    what: `uncached search, rare term "${RARE_TERM}", one at a time`,
    rps: Math.round(rareTimes.length / seconds),
    p50: +percentile(rareTimes, 50).toFixed(2),
    p99: +percentile(rareTimes, 99).toFixed(2),
  });
  rows.push({
    what: 'uncached search, common and rare terms mixed, one at a time',
    rps: Math.round(n / seconds),
    p50: +percentile(times, 50).toFixed(2),
    p99: +percentile(times, 99).toFixed(2),
  });

  server.close();
  await db.destroy();
  return { label, rows };
}

const results = [];
for (const size of sizes) {
  peakRss = 0;
  const result = await run(size);
  results.push({ ...result, peakRssMb: Math.round(peakRss / 1024 / 1024) });
  console.log(`\n### API, ${result.label} (peak RSS ${Math.round(peakRss / 1024 / 1024)} MB)\n`);
  console.log('| what | req/s | p50 ms | p99 ms | bytes/req | ratio to raw |');
  console.log('|---|---|---|---|---|---|');
  for (const row of result.rows)
    console.log(`| ${row.what} | ${row.rps ?? ''} | ${row.p50 ?? ''} | ${row.p99 ?? ''} | ${row.bytesPerRequest ?? ''} | ${row.ratio ?? ''} |`);
}
clearInterval(rssTimer);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(`bench-results/api-${process.env.BENCH_MYSQL_URL ? 'mysql' : 'sqlite'}.json`, JSON.stringify(results, null, 2));
process.exit(0);
