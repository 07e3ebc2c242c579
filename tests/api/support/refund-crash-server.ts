/**
 * The app as a child process, paying through the local fake of Stripe (`FAKE_STRIPE_PORT`), that
 * dies (SIGKILL: no cleanup, no answer) in the middle of a refund: after Stripe refunded and
 * answered, as the refund's completion starts (its first statement, on `credit_note_counters`).
 * The refund stays `pending` and reserved, Stripe holds the refund: what the refund recovery
 * finishes (`refunds-recovery.test.ts`).
 */
import http from 'node:http';
import { createApp } from '@api/app';
import { openDatabase } from '@db/knex';
import { TEST_AUTH_SECRET } from './test-server';

const database = openDatabase(process.env.DATABASE_URL);
database.knex.on('query', (query: { sql: string }) => {
  if (/\bcredit_note_counters\b/i.test(query.sql)) process.kill(process.pid, 'SIGKILL');
});

const app = createApp({
  knex: database.knex,
  mailer: { send: async () => undefined },
  authSecret: TEST_AUTH_SECRET,
  stripe: {
    secretKey: process.env.FAKE_STRIPE_SECRET_KEY!,
    publishableKey: 'pk_test_fake',
    webhookSecret: undefined,
    prices: { price_prime_monthly: undefined, price_business_yearly: undefined },
    api: { host: '127.0.0.1', port: Number(process.env.FAKE_STRIPE_PORT), protocol: 'http' },
  },
});
http.createServer(app.callback()).listen(Number(process.env.PORT), '127.0.0.1');
