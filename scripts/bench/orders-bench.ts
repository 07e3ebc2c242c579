/**
 * `npm run bench:orders [-- --orders=100000]`: the back office's orders at scale (issue 12). Fills
 * a bench database (SQLite, or BENCH_MYSQL_URL) with generated orders (1–3 lines each; statuses
 * 70 % completed, 10 % pending, 10 % failed, 5 % expired, 5 % refund_required; two years of
 * dates), then measures over HTTP, one request at a time as an admin's browser makes them:
 * the orders page's first page, a later page, a search, the figures (`/api/admin/stats`), and the
 * CSV export streamed in full, with the heap's growth while it streams — for all orders and for
 * the failed tenth, so constant memory shows as the same growth for ten times the rows.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@api/app';
import { createBenchDatabase, DEMO, BENCH_AUTH_SECRET, benchPerson } from './bench-database';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ORDERS = Number(arg('orders', '100000'));
const RUNS = Number(arg('runs', '40'));

function pick<T>(weights: Array<[T, number]>, r: number): T {
  let acc = 0;
  for (const [value, weight] of weights) if ((acc += weight) > r) return value;
  return weights.at(-1)![0];
}

async function fillOrders(knex: import('knex').Knex, count: number): Promise<void> {
  const courses = await knex('courses').select('id', 'title', 'price_cents');
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  const span = 2 * 365 * 86_400_000;
  const batch = 500;
  for (let done = 0; done < count; done += batch) {
    const orders = [];
    const items = [];
    for (let i = done; i < Math.min(count, done + batch); i++) {
      const id = crypto.randomUUID();
      const status = pick(
        [
          ['completed', 0.7],
          ['pending', 0.1],
          ['failed', 0.1],
          ['expired', 0.05],
          ['refund_required', 0.05],
        ],
        ((i * 7919) % 1000) / 1000,
      );
      const createdAt = new Date(start + Math.floor((i / count) * span) + (i % 997)).toISOString();
      const lines = 1 + (i % 3);
      let total = 0;
      for (let position = 0; position < lines; position++) {
        const course = courses[(i * 31 + position * 17) % courses.length]!;
        const price = Number(course.price_cents) || 19900;
        total += price;
        items.push({
          id: crypto.randomUUID(),
          order_id: id,
          course_id: course.id,
          pricing_tier_id: null,
          title: course.title,
          tier_name: position ? 'Standard' : null,
          price_cents: price,
          quantity: 1,
          position,
        });
      }
      orders.push({
        id,
        user_id: null,
        customer_email: `buyer${i}@lab${i % 50}.example`,
        customer_name: i % 10 === 0 ? null : `Buyer ${i}`,
        status,
        total_cents: total,
        stripe_payment_intent_id: status === 'completed' || status === 'refund_required' ? `pi_${id.slice(0, 24)}` : null,
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
    await knex.batchInsert('orders', orders, 250);
    await knex.batchInsert('order_items', items, 250);
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(url: string, headers: Record<string, string>, runs = RUNS) {
  const times: number[] = [];
  let bytes = 0;
  // A warm server: the first requests of a process compile its code paths.
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
    bytes = body.byteLength;
  }
  return { p50: +percentile(times, 50).toFixed(1), p99: +percentile(times, 99).toFixed(1), bytes };
}

/** Streams the export, counting rows, while sampling the heap: its growth over the start is what the stream holds. */
async function exportRun(url: string, headers: Record<string, string>) {
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 10);
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  let bytes = 0;
  let rows = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) rows += 1;
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  return { lines: rows - 1, mb: +(bytes / 1024 / 1024).toFixed(1), seconds: +(ms / 1000).toFixed(2), heapGrowthMb: +((peak - base) / 1024 / 1024).toFixed(1) };
}

const db = await createBenchDatabase(DEMO);
const t0 = performance.now();
await fillOrders(db.knex, ORDERS);
const fillSeconds = ((performance.now() - t0) / 1000).toFixed(1);
const app = createApp({ knex: db.knex, mailer: { send: async () => undefined }, authSecret: BENCH_AUTH_SECRET });
const { token } = await benchPerson(db.knex, 'admin', 'bench-admin@academy.test', 'Bench Admin', 3_600_000);
const headers = { Authorization: `Bearer ${token}` };
const server = http.createServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const rows: Array<Record<string, string | number>> = [];
rows.push({ what: 'GET /api/admin/orders (first page, 100)', ...(await timed(`${base}/api/admin/orders`, headers)) });
const first = await fetch(`${base}/api/admin/orders?limit=500`, { headers });
const nextUrl = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')![1]!;
rows.push({ what: 'GET /api/admin/orders?limit=500, the next page (cursor)', ...(await timed(base + nextUrl, headers)) });
rows.push({ what: 'GET /api/admin/orders?status=pending', ...(await timed(`${base}/api/admin/orders?status=pending`, headers)) });
rows.push({ what: 'GET /api/admin/orders?search=buyer4242 (e-mail/name/id)', ...(await timed(`${base}/api/admin/orders?search=buyer4242`, headers, 10)) });
rows.push({ what: 'GET /api/admin/stats', ...(await timed(`${base}/api/admin/stats`, headers)) });
const exportAll = await exportRun(`${base}/api/admin/orders.csv`, headers);
const exportTenth = await exportRun(`${base}/api/admin/orders.csv?status=failed`, headers);

const label = `${db.engine}, ${ORDERS} orders`;
console.log(`\n### Back-office orders, ${label} (generated in ${fillSeconds} s)\n`);
console.log('| what | p50 ms | p99 ms | bytes |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(`| ${row.what} | ${row.p50} | ${row.p99} | ${row.bytes} |`);
console.log('\n| CSV export | rows | MB | seconds | heap growth while streaming, MB |');
console.log('|---|---|---|---|---|');
console.log(`| every order | ${exportAll.lines} | ${exportAll.mb} | ${exportAll.seconds} | ${exportAll.heapGrowthMb} |`);
console.log(`| status=failed | ${exportTenth.lines} | ${exportTenth.mb} | ${exportTenth.seconds} | ${exportTenth.heapGrowthMb} |`);

server.close();
await db.destroy();
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(`bench-results/orders-${db.engine}.json`, JSON.stringify({ label, rows, exportAll, exportTenth }, null, 2));
process.exit(0);
