/**
 * `npm run bench:certificates` (BENCH_MYSQL_URL for MariaDB): issue 32's burst — 1,000 people
 * complete a self-study course at once (1,000 completions recorded one by one, as 1,000 progress
 * reports would, each queuing its own `issue-certificates` job); two job runners on the database
 * (as two worker processes) issue the certificates and mail each its PDF. Reported: the time until
 * every certificate is issued and until every mail is sent, that each was issued and mailed once
 * with gapless numbers, and the PDF's size. Results also go to bench-results/certificates.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MailMessage } from '@api/integrations/mail';
import { issueCertificatesJob } from '@api/jobs/issue-certificates';
import { JobRunner } from '@api/jobs/runner';
import { certificateMailJob } from '@api/jobs/send-certificate-mail';
import { createLogger } from '@api/logger';
import { queueIssuing } from '@api/services/certificates/issue-kind';
import { CertificateService } from '@api/services/certificates/certificate-service';
import { RateLimiter } from '@api/services/platform/rate-limiter';
import { transaction } from '@db/transaction';
import { benchCourse, createBenchDatabase } from './bench-database';

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
const count = async (table: string) => Number(((await knex(table).count({ n: '*' }).first()) as { n: number | string }).n);
for (;;) {
  if (sent.length >= PEOPLE && (await count('certificates')) >= PEOPLE) break;
  if (Date.now() - started > 15 * 60_000) throw new Error(`Gave up: ${await count('certificates')} issued, ${sent.length} mailed`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const mailedMs = Date.now() - started;
await Promise.all(runners.map((runner) => runner.stop()));
// When the last certificate was issued (its own issue time), from the first completion.
const lastIssued = ((await knex('certificates').max({ at: 'issued_at' }).first()) as { at: string }).at;
const issuedMs = Date.parse(lastIssued) - started;

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
};
console.log(`\n| ${PEOPLE} completions at once (${db.engine}), two runners | |`);
console.log('|---|---|');
console.log(`| completions recorded (each its own transaction and job) | ${recordedMs} ms |`);
console.log(`| every certificate issued, from the first completion | ${issuedMs} ms (${numbers.length}, gapless: ${gapless}) |`);
console.log(`| every mail with its PDF sent | ${mailedMs} ms (${sent.length}, once each: ${result.mailedOnceEach}; PDF ${result.pdfKbMedian} KB) |`);
fs.mkdirSync('bench-results', { recursive: true });
fs.writeFileSync(path.join('bench-results', `certificates-${db.engine}.json`), JSON.stringify(result, null, 2));
await db.destroy();
