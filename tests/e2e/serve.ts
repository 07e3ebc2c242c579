/** The server the browser tests run against: the built PWA on a fresh, seeded SQLite database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/logger';
import { startServer, stopOnSignals } from '../../api/server';
import { e2eOutboxFile } from './support/outbox';

const port = process.env.E2E_PORT ?? '4319';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-e2e-'));
const outbox = e2eOutboxFile(port);
fs.rmSync(outbox, { force: true });
const config = loadConfig({
  PORT: port,
  HOST: '127.0.0.1',
  DATABASE_URL: `sqlite:${path.join(dir, 'e2e.sqlite')}`,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  MAIL_OUTBOX_FILE: outbox,
  AUTH_SECRET_FILE: path.join(dir, 'auth-secret'),
  UPLOAD_DIR: path.join(dir, 'uploads'),
  VAPID_FILE: path.join(dir, 'vapid.json'),
  // reminders.spec.ts: headless Chromium has no push service, so its stand-in subscription points here.
  PUSH_TEST_ORIGINS: 'http://127.0.0.1:4555',
  // No reminder sweep during the suite: a reminder mail could land between a sign-in and its code.
  REMINDER_SWEEP_SECONDS: '3600',
  // waitlists.spec.ts: a freed seat is offered within seconds.
  WAITLIST_SWEEP_SECONDS: '2',
  // The browser suite signs in and checks out many times from one address.
  LOGIN_LIMIT_PER_IP: '10000',
  // The demo admin and contributor sign in many times across the suite.
  LOGIN_LIMIT_PER_EMAIL: '10000',
  LOGIN_COOLDOWN_SECONDS: '0',
  LOGIN_LIMIT_PER_DOMAIN: '100000',
  LOGIN_LIMIT_GLOBAL: '100000',
  REGISTER_LIMIT_PER_IP: '10000',
  CHECKOUT_LIMIT_PER_IP: '100000',
  CHECKOUT_LIMIT_PER_EMAIL: '100000',
  // Several specs send real contact-form messages from 127.0.0.1.
  CONTACT_LIMIT_PER_IP: '10000',
});
const logger = createLogger(config.logLevel);
const running = await startServer(config, logger);
stopOnSignals(running, logger);
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
