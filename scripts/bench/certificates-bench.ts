/**
 * `npm run bench:certificates` (BENCH_MYSQL_URL for MariaDB): issue 32's burst — 1,000 people
 * complete a self-study course at once (1,000 completions recorded one by one, as 1,000 progress
 * reports would, each queuing its own `issue-certificates` job); two job runners on the database
 * (as two worker processes) issue the certificates and mail each its PDF. Reported: the time until
 * every certificate is issued and until every mail is sent, that each was issued and mailed once
 * with gapless numbers, and the PDF's size; and the API's latency (another process on the same
 * database, as in production: `GET /api/me/certificates`, 10 connections) before and during the
 * burst; then each holder's signed Open Badges credential (status bit and signature), 10 at a
 * time. Results also go to bench-results/certificates-<engine>.json.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import type { Result } from 'autocannon';
import { once } from 'node:events';
import path from 'node:path';
import type { MailMessage } from '@api/integrations/mail';
import { issueCertificatesJob } from '@api/jobs/issue-certificates';
import { JobRunner } from '@api/jobs/runner';
import { certificateMailJob } from '@api/jobs/send-certificate-mail';
import { createLogger } from '@api/logger';
import { queueIssuing } from '@api/services/certificates/issue-kind';
import { CertificateService } from '@api/services/certificates/certificate-service';
import { CredentialService } from '@api/services/certificates/credential-service';
import { RateLimiter } from '@api/services/platform/rate-limiter';
import { transaction } from '@db/transaction';
import { benchCourse, benchPerson, createBenchDatabase } from './bench-database';
import { percentile } from './percentile';

const PEOPLE = 1_000;
const db = await createBenchDatabase(1);
const knex = db.knex;
const clock = () => new Date();
const stamp = new Date().toISOString();
const courseId = await benchCourse(knex, 'GMP Annual Refresher 2026', stamp, { instructor_name: 'Dr. Ada Lane' });
await knex('course_certificate_settings').insert({
  course_id: courseId,
  validity_months: 12,
  credits: JSON.stringify([{ kind: 'CPE', amount: 1.5, fieldOfStudy: 'Regulatory Ethics' }]),
  updated_at: stamp,
});
const names = ['Łucja Kowalska', 'Oğuz Yılmaz', 'Γιώργος Παπαδόπουλος', '王小明', 'Anne Müller'];
const people = Array.from({ length: PEOPLE }, (_, i) => ({ id: crypto.randomUUID(), name: `${names[i % names.length]} ${i}`, email: `holder${i}@bench.test` }));
for (let i = 0; i < PEOPLE; i += 200)
  await knex('users').insert(
    people.slice(i, i + 200).map((p) => ({ id: p.id, name: p.name, email: p.email, role: 'customer', is_active: true, created_at: stamp, updated_at: stamp })),
  );

const sent: MailMessage[] = [];
const certificates = new CertificateService({
  knex,
  clock,
  rateLimiter: new RateLimiter(knex, clock),
  mailer: { send: async (message) => void sent.push(message) },
  publicUrl: 'https://academy.example',
  supportEmail: 'support@academy.example',
});
const logger = createLogger('warn');
const runners = [0, 1].map(() => new JobRunner({ knex, logger, clock, queued: [issueCertificatesJob(certificates), certificateMailJob(certificates)] }));

// The API in its own process on the same database, and someone reading their certificates from a third process
// (autocannon's own: in this one, the runners' PDF rendering would hold up the load generator and its clock, not the API).
const api = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/serve-url.ts', db.url], { stdio: ['ignore', 'pipe', 'inherit'] });
const apiLines = readline.createInterface({ input: api.stdout! });
const apiBase = await new Promise<string>((resolve) => apiLines.once('line', resolve));
const reader = await benchPerson(knex, 'customer', 'reader@bench.test');
const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');
const apiLoad = async (seconds: number) => {
  const args = ['-c', '10', '-d', String(seconds), '-j', '-H', `authorization=Bearer ${reader.token}`, `${apiBase}/api/me/certificates`];
  const child = spawn(process.execPath, [AUTOCANNON, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  await once(child, 'exit');
  const r = JSON.parse(out) as Result;
  // Every answer's status, so a non-2xx is named (a 503 of a busy database, a 429 of a limit…), and socket errors apart.
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]));
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    socketErrors: r.errors,
    timeouts: r.timeouts,
    statuses,
  };
};
await apiLoad(2); // warm-up
const apiIdle = await apiLoad(5);

// The burst: each completion recorded in its own transaction, queuing its own issuing job.
const started = Date.now();
for (const person of people)
  await transaction(knex, async (trx) => {
    const now = new Date().toISOString();
    await trx('course_completions').insert({ user_id: person.id, course_id: courseId, completed_at: now, left: '[]', checked_at: now });
    await queueIssuing(trx, courseId, [person.id], now);
  });
const recordedMs = Date.now() - started;
for (const runner of runners) runner.start();
const apiDuring = apiLoad(20);
const count = async (table: string) => Number(((await knex(table).count({ n: '*' }).first()) as { n: number | string }).n);
for (;;) {
  if (sent.length >= PEOPLE && (await count('certificates')) >= PEOPLE) break;
  if (Date.now() - started > 15 * 60_000) throw new Error(`Gave up: ${await count('certificates')} issued, ${sent.length} mailed`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const mailedMs = Date.now() - started;
await Promise.all(runners.map((runner) => runner.stop()));
const apiBusy = await apiDuring;
api.kill('SIGTERM');
apiLines.close();
// When the last certificate was issued (its own issue time), from the first completion.
const lastIssued = ((await knex('certificates').max({ at: 'issued_at' }).first()) as { at: string }).at;
const issuedMs = Date.parse(lastIssued) - started;

// Then each holder's signed credential (Open Badges 3.0), as each would fetch it: its status bit taken and the
// credential signed, 10 at a time.
const credentials = new CredentialService({
  knex,
  clock,
  publicUrl: 'https://academy.example',
  issuer: { didDomain: 'academy.example', seed: crypto.randomBytes(32) },
  certificates,
});
const issuedRows: Array<{ id: string; userId: string }> = await knex('certificates').select('id', 'user_id as userId');
const perCredential: number[] = [];
const signStarted = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: 10 }, async () => {
    for (let i = next++; i < issuedRows.length; i = next++) {
      const t = performance.now();
      await credentials.credential({ id: issuedRows[i]!.userId, role: 'customer' }, issuedRows[i]!.id);
      perCredential.push(performance.now() - t);
    }
  }),
);
const credentialsMs = Date.now() - signStarted;
const credentialP99 = Math.round(percentile(perCredential, 99));
const statusBits = (await knex('certificates').whereNotNull('status_index').distinct('status_list', 'status_index')).length;

const numbers = (await knex('certificates').select('number')).map((row) => Number(String(row.number).slice(-6))).sort((a, b) => a - b);
const gapless = numbers.every((n, i) => n === i + 1);
const mailedTo = new Set(sent.map((m) => m.to));
const pdfBytes = sent.map((m) => (m.attachments?.[0]?.content as Buffer).length);
const result = {
  engine: db.engine,
  people: PEOPLE,
  recordedMs,
  issuedMs,
  mailedMs,
  certificates: numbers.length,
  gapless,
  mails: sent.length,
  mailedOnceEach: mailedTo.size === sent.length,
  pdfKbMedian: Math.round(pdfBytes.sort((a, b) => a - b)[Math.floor(pdfBytes.length / 2)]! / 102.4) / 10,
  apiIdle,
  apiDuringBurst: apiBusy,
  credentialsMs,
  credentialP99,
  statusBits,
};
console.log(`\n| ${PEOPLE} completions at once (${db.engine}), two runners | |`);
console.log('|---|---|');
console.log(`| completions recorded (each its own transaction and job) | ${recordedMs} ms |`);
console.log(`| every certificate issued, from the first completion | ${issuedMs} ms (${numbers.length}, gapless: ${gapless}) |`);
console.log(`| every mail with its PDF sent | ${mailedMs} ms (${sent.length}, once each: ${result.mailedOnceEach}; PDF ${result.pdfKbMedian} KB) |`);
console.log(`| API (another process) GET /api/me/certificates, 10 connections: idle | ${apiIdle.rps} req/s, p50 ${apiIdle.p50} ms, p99 ${apiIdle.p99} ms |`);
console.log(
  `| the same, during the burst's first 20 s | ${apiBusy.rps} req/s, p50 ${apiBusy.p50} ms, p99 ${apiBusy.p99} ms (errors ${apiBusy.errors}: ${JSON.stringify(apiBusy.statuses)}, ${apiBusy.socketErrors} socket errors, ${apiBusy.timeouts} timeouts) |`,
);
console.log(
  `| then every holder's signed credential (10 at a time) | ${credentialsMs} ms (p99 ${credentialP99} ms each; ${statusBits} distinct status bits) |`,
);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(path.join('bench-results', `certificates-${db.engine}.json`), JSON.stringify(result, null, 2));
await db.destroy();
