/**
 * Runs the product: opens the database, migrates, seeds demo data into an empty database, runs
 * the jobs (the domains' jobs, `domains/`: at start, then on their schedules; with `JOBS=off` only this
 * process's cache warming), listens, and shuts down gracefully on SIGTERM/SIGINT (in-flight
 * requests finish and the jobs end their current run, then the database closes).
 */
import http from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { appOptionsFor, openMigratedDatabase } from './boot';
import type { AppConfig } from './config';
import { createLogger, type Logger } from './logger';
import type { S3MediaStore } from './integrations/media-store';
import { seedDemoCatalogueIfEmpty } from '../db/seeds/demo-catalogue';
import { sanitizeRichText } from './lib/sanitize-html';
import { seedDemoAccountsIfEmpty } from '../db/seeds/demo-accounts';
import { createJobRunner } from './domains';
import { trackConnections } from './lib/drain-server';

export const DIST_DIR = path.resolve(import.meta.dirname, '..', 'dist');
/** How long a stop waits for requests in flight before closing their connections. */
/** How long an idle kept-alive connection stays open; longer than the 60 s a load balancer pools one. */
export const KEEP_ALIVE_MS = 65_000;
export const SHUTDOWN_BUDGET_MS = 10_000;
/** How long a connection idle at the stop may still bring a request (answered with `Connection: close`). */
const SHUTDOWN_LINGER_MS = 1_000;

export interface RunningServer {
  server: http.Server;
  url: string;
  stop(): Promise<void>;
}

/**
 * Adds the bucket's CORS rule for the app's origin at start (media-store.ts). Credentials without
 * the right to change it (s3:PutBucketCORS) do not stop the start: the log says what to set.
 */
async function allowMediaReads(store: S3MediaStore, origin: string, logger: Logger): Promise<void> {
  try {
    if (await store.allowBrowserReads(origin)) logger.info(`S3: the bucket now lets ${origin} read media (CORS, byte ranges)`);
  } catch (error) {
    logger.warn(
      `S3: could not set the bucket's CORS for ${origin} (${error instanceof Error ? error.message : String(error)}); ` +
        'set it by hand (README, "Media on S3"), or video, captions and downloads will not load from the bucket',
    );
  }
}

export async function startServer(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  const db = await openMigratedDatabase(config);
  if (config.seedDemo) {
    const seeded = await seedDemoCatalogueIfEmpty(db.knex, { sanitize: sanitizeRichText });
    if (seeded) logger.info('Seeded the demo catalogue into the empty database');
    const accounts = await seedDemoAccountsIfEmpty(db.knex);
    if (accounts) logger.info(`Seeded demo accounts: ${accounts.join(', ')} (sign in with a code from the mail outbox)`);
  }
  const options = appOptionsFor(config, db, logger);
  const app = createApp({ ...options, staticRoot: DIST_DIR });
  // With S3, the pages read presigned media addresses across origins: the bucket must allow it.
  if (options.mediaStore?.kind === 's3') await allowMediaReads(options.mediaStore as S3MediaStore, new URL(config.publicUrl).origin, logger);
  if (config.adminEmail) {
    await app.services.accounts.ensureAdmin(config.adminEmail);
    logger.info(`Admin account ensured for ${config.adminEmail}`);
  }
  // The seminar sweep, checkout recovery and course mail run once before the port opens; then
  // every job on its schedule, each due run taken by one process on the database.
  const jobs = createJobRunner({ knex: db.knex, services: app.services, config, logger, role: config.jobs ? 'serving' : 'serving-only' });
  await jobs.runAtStart();
  jobs.start();
  if (!config.jobs) logger.info('JOBS=off: serving HTTP only (run the jobs with npm run worker)');
  logger.info(config.stripe ? 'Payments: Stripe' : 'Payments: built-in test processor (no card is charged)');
  const server = http.createServer(app.callback());
  // A kept-alive connection stays open for a minute of idleness: a client or load balancer that
  // reuses one just as the server closes it gets a reset instead of an answer, and with Node's
  // default 5 s that race is common (Playwright's request context, proxies that pool for 60 s).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
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
      await jobs.stop();
      await drained;
      await db.close();
    })();
    return stopping;
  };
  return { server, url, stop };
}

/** Wires SIGTERM/SIGINT to a graceful stop. */
export function stopOnSignals(running: Pick<RunningServer, 'stop'>, logger: Logger): void {
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info(`${signal} received: finishing in-flight work`);
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
