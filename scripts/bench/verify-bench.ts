/**
 * `npm run bench:verify` (BENCH_MYSQL_URL for MariaDB): issue 32's public check under load — the
 * verify page (`/verify/:number`, server-rendered HTML) and its JSON (`/api/verify/:number`) at
 * 50 connections, each request from a different client address (X-Forwarded-For behind one
 * trusted proxy, so every request passes the per-client rate limit and counts in it, as a crowd of
 * scanners would), beside a raw `node:http` server answering the very same bytes. Also the signed
 * credential (`credential.json`, 10 connections) and the status list. Results also go to
 * bench-results/verify-<engine>.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '@api/app';
import { BENCH_AUTH_SECRET, benchPerson, createBenchDatabase } from './bench-database';

const SECONDS = 5;
const db = await createBenchDatabase(1);
const knex = db.knex;
const stamp = new Date().toISOString();
const holder = await benchPerson(knex, 'customer', 'holder@bench.test', 'Łucja Kowalska-王');
const id = crypto.randomUUID();
const number = 'CERT-2026-000001';
await knex('certificates').insert({
  id,
  number,
  source_key: `bench:${id}`,
  user_id: holder.id,
  course_id: crypto.randomUUID(),
  holder_name: 'Łucja Kowalska-王',
  holder_email: 'holder@bench.test',
  course_title: 'GMP Annual Refresher 2026',
  course_code: 'GMP-2026',
  course_type: 'recorded_course',
  format: 'self_study',
  completed_at: stamp,
  issued_at: stamp,
  valid_until: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  credits: JSON.stringify([{ kind: 'CPE', amount: 1.5, fieldOfStudy: 'Regulatory Ethics' }]),
  instructor_name: 'Dr. Ada Lane',
});

const app = createApp({ knex, mailer: { send: async () => undefined }, authSecret: BENCH_AUTH_SECRET, trustProxy: 1, publicUrl: 'https://academy.example' });
const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const server = http.createServer(app.callback());
const base = await listen(server);

let clients = 0;
const anotherClient = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, connections: number, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    headers: { 'accept-encoding': 'br, gzip', ...headers },
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': anotherClient() } }) }],
  });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** A raw server answering the bytes and headers the app gave for `url`. */
async function rawTwin(url: string, headers: Record<string, string> = {}): Promise<{ url: string; close: () => void }> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', 'x-forwarded-for': anotherClient(), ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const twin = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': response.headers.get('content-type') ?? 'text/plain', 'content-length': String(body.length) });
    res.end(body);
  });
  return { url: await listen(twin), close: () => twin.close() };
}

// Warm-up (JIT, the database's caches), not measured: whichever endpoint ran first paid for it.
for (const pathName of [`/verify/${number}`, `/api/verify/${number}`]) await load(base + pathName, 50);
const rows: Array<[string, Load]> = [];
for (const [label, pathName] of [
  ['verify page (HTML)', `/verify/${number}`],
  ['verify JSON', `/api/verify/${number}`],
] as const) {
  const twin = await rawTwin(base + pathName);
  rows.push([`${label}: app`, await load(base + pathName, 50)]);
  rows.push([`${label}: raw server, same bytes`, await load(twin.url, 50)]);
  twin.close();
}
const auth = { authorization: `Bearer ${holder.token}` };
rows.push(['signed credential (holder, 10 connections)', await load(`${base}/api/certificates/${id}/credential.json`, 10, auth)]);
rows.push(['status list (50 connections)', await load(`${base}/credentials/status/1`, 50)]);

console.log(`\n### Certificate checks (${db.engine}, ${SECONDS} s each, a new client address per request)\n`);
console.log('| endpoint | requests/s | p50 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|');
for (const [label, r] of rows) console.log(`| ${label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(path.join('bench-results', `verify-${db.engine}.json`), JSON.stringify({ at: stamp, rows }, null, 2));
server.closeAllConnections();
await new Promise((resolve) => server.close(resolve));
await db.destroy();
process.exit(0);
