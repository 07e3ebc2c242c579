/**
 * The API alone on a database given by URL (`tsx scripts/bench/serve-url.ts <url>`), as a separate
 * process beside a benchmark's job runners (production runs the API and the worker apart). Prints
 * its base URL (`http://127.0.0.1:<port>`) on the first line of stdout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@api/app';
import { openDatabase } from '../../db/knex';
import { BENCH_AUTH_SECRET } from './bench-database';

const db = openDatabase(process.argv[2]!);
const app = createApp({ knex: db.knex, mailer: { send: async () => undefined }, authSecret: BENCH_AUTH_SECRET });
const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => void db.knex.destroy().then(() => process.exit(0))));
