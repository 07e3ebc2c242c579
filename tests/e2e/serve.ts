/** The server the browser tests run against: the built PWA on a fresh, seeded SQLite database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/logger';
import { startServer, stopOnSignals } from '../../api/server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-e2e-'));
const config = loadConfig({
  PORT: process.env.E2E_PORT ?? '4319',
  HOST: '127.0.0.1',
  DATABASE_URL: `sqlite:${path.join(dir, 'e2e.sqlite')}`,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
});
const logger = createLogger(config.logLevel);
const running = await startServer(config, logger);
stopOnSignals(running, logger);
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
