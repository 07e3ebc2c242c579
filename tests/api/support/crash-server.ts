/**
 * The app as a child process that dies (SIGKILL: no cleanup, no answer) at a chosen moment of a
 * write that carries an Idempotency-Key, for tests of what a retry finds afterwards:
 * - `CRASH_AT=key-record`: as the key's answer is about to be written (the `UPDATE` of
 *   `idempotency_keys` is never sent);
 * - `CRASH_AT=answer`: after the write and its key's answer are stored, before the client gets
 *   the answer.
 */
import http from 'node:http';
import { createApp } from '@api/app';
import { openDatabase } from '@db/knex';
import { TEST_AUTH_SECRET } from './test-server';

const crashAt = process.env.CRASH_AT;
const database = openDatabase(process.env.DATABASE_URL);
const die = () => process.kill(process.pid, 'SIGKILL');

database.knex.on('query', (query: { sql: string }) => {
  if (crashAt === 'key-record' && /^\s*update\b[^;]*\bidempotency_keys\b/i.test(query.sql)) die();
});

const app = createApp({ knex: database.knex, mailer: { send: async () => undefined }, authSecret: TEST_AUTH_SECRET });
const handle = app.callback();
const server = http.createServer((req, res) => {
  if (crashAt === 'answer' && req.headers['idempotency-key']) {
    res.writeHead = (() => die()) as unknown as typeof res.writeHead;
  }
  void handle(req, res);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
