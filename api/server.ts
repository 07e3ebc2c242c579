/**
 * Runs the product: opens the database, migrates, seeds demo data into an empty database,
 * converts ended live seminars (now and every few minutes), listens, and shuts down gracefully
 * on SIGTERM/SIGINT (in-flight requests finish, then the database closes).
 */
import http from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import type { AppConfig } from './config';
import { createLogger, type Logger } from './logger';
import { openDatabase, migrateToLatest } from '../db/knex';
import { seedDemoCatalogueIfEmpty } from '../db/seeds/demo-catalogue';
import { convertEndedLiveSeminars } from './services/seminar-sweep';
import { createMailer } from './integrations/mail';
import { createLocalObjectStore, createS3ObjectStore } from './integrations/object-store';
import { resolveAuthSecret } from './lib/auth-secret';
import { resolveVapidKeys } from './lib/vapid-keys';
import { scheduleSessionReminders } from './jobs/send-session-reminders';
import { scheduleCourseMail, sendCourseMail } from './jobs/send-course-mail';
import { scheduleCatalogueWarming } from './jobs/warm-catalogue-snapshot';
import { sanitizeRichText } from './lib/sanitize-html';
import { seedDemoAccountsIfEmpty } from '../db/seeds/demo-accounts';
import { every } from './jobs/schedule';
import { trackConnections } from './lib/drain-server';

export const DIST_DIR = path.resolve(import.meta.dirname, '..', 'dist');
/** How long a stop waits for requests in flight before closing their connections. */
export const SHUTDOWN_BUDGET_MS = 10_000;
/** How long a connection idle at the stop may still bring a request (answered with `Connection: close`). */
const SHUTDOWN_LINGER_MS = 1_000;

export interface RunningServer {
  server: http.Server;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db.knex);
  if (config.seedDemo) {
    const seeded = await seedDemoCatalogueIfEmpty(db.knex, { sanitize: sanitizeRichText });
    if (seeded) logger.info('Seeded the demo catalogue into the empty database');
    const accounts = await seedDemoAccountsIfEmpty(db.knex);
    if (accounts) logger.info(`Seeded demo accounts: ${accounts.join(', ')} (sign in with a code from the mail outbox)`);
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxFile: config.mailOutboxFile, logger });
  const authSecret = resolveAuthSecret(config.authSecret, config.authSecretFile);

  const sweep = async () => {
    try {
      const converted = await convertEndedLiveSeminars(db.knex);
      if (converted.length) logger.info(`Moved ${converted.length} ended live seminar(s) to recorded seminars`);
    } catch (error) {
      logger.error('Live seminar sweep failed', { error: String(error) });
    }
  };
  await sweep();
  const sweepJob = every(config.seminarSweepMinutes * 60, 'Live seminar sweep', sweep, logger);

  const app = createApp({
    knex: db.knex,
    logger,
    mailer,
    authSecret,
    limits: config.limits,
    catalogueCache: config.catalogueCache,
    supportEmail: config.supportEmail,
    trustProxy: config.trustProxy,
    secureCookies: config.publicUrl.startsWith('https://'),
    publicUrl: config.publicUrl,
    stripe: config.stripe,
    staticRoot: DIST_DIR,
    objectStore: config.s3 ? createS3ObjectStore(config.s3) : createLocalObjectStore(config.uploadDir),
    uploadOrigin: config.s3 ? new URL(config.s3.publicUrl ?? config.s3.endpoint ?? `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`).origin : undefined,
    push: {
      vapid: { ...resolveVapidKeys(config.vapid, config.vapid.file), subject: config.vapid.subject },
      testOrigins: config.pushTestOrigins,
    },
  });
  if (config.adminEmail) {
    await app.services.accounts.ensureAdmin(config.adminEmail);
    logger.info(`Admin account ensured for ${config.adminEmail}`);
  }
  const pruneJob = every(15 * 60, 'Pruning', async () => {
    await app.services.rateLimiter.prune(2 * 60 * 60_000).catch(() => undefined);
    await app.services.idempotency.prune().catch(() => undefined);
    await app.services.uploads.sweep().catch((error) => logger.error('Upload sweep failed', { error: String(error) }));
  }, logger);
  // Every minute: payments whose confirmation was lost are completed first, then unpaid
  // checkouts past their hold time give their seats back. Both are safe in several processes.
  const settleCheckouts = async () => {
    try {
      const recovered = await app.services.checkout.reconcilePayments();
      if (recovered.length) logger.warn(`Completed ${recovered.length} paid order(s) whose confirmation had been lost`);
      const expired = await app.services.checkout.expireStaleCheckouts();
      if (expired.length) logger.info(`Released the seats of ${expired.length} unpaid checkout(s)`);
    } catch (error) {
      logger.error('Checkout recovery failed', { error: String(error) });
    }
  };
  await settleCheckouts();
  const settleJob = every(60, 'Checkout recovery', settleCheckouts, logger);
  // Reminders before live sessions: T-24h and T-15min, each claimed once across processes.
  const reminderJob = scheduleSessionReminders(app.services.reminders, config.reminderSweepSeconds, logger);
  // Calendar updates/cancellations and "recording available" mails (the start-up sweep's too), each sent once.
  await sendCourseMail(app.services, logger).catch((error) => logger.error('Course mail failed', { error: String(error) }));
  const courseMailJob = scheduleCourseMail(app.services, logger);
  // The first visit's offline-copy snapshot, built now and after each catalogue change, not for a visitor.
  const warmingJob = scheduleCatalogueWarming(app.services, logger);
  logger.info(config.stripe ? 'Payments: Stripe' : 'Payments: built-in test processor (no card is charged)');
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  const connections = trackConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      // New connections are refused from here on; requests in flight are answered while the
      // jobs end their current run, and only then does the database close.
      const drained = connections.drain({ lingerMs: SHUTDOWN_LINGER_MS, forceAfterMs: SHUTDOWN_BUDGET_MS });
      await Promise.all([sweepJob, pruneJob, settleJob, reminderJob, courseMailJob, warmingJob].map((job) => job.stop()));
      await drained;
      await db.close();
    })();
    return stopping;
  };
  return { server, url, stop };
}

/** Wires SIGTERM/SIGINT to a graceful stop. */
export function stopOnSignals(running: RunningServer, logger: Logger): void {
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info(`${signal} received: finishing in-flight requests`);
    running.stop().then(
      () => {
        logger.info('Stopped cleanly');
        process.exit(0);
      },
      (error) => {
        logger.error('Error while stopping', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
