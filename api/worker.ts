/**
 * `npm run worker`: the jobs without HTTP (declared by the domains, `domains/`: the seminar sweep, checkout recovery,
 * course mail, reminders, pruning, and the queued jobs), beside any number of `npm start`
 * processes on the same database — set `JOBS=off` on those to keep heavy work off the HTTP
 * processes. Migrates, runs the start-up jobs, then the schedule; stops cleanly on SIGTERM/SIGINT
 * (running jobs are told to stop at a safe point and awaited, then the database closes).
 */
import { createApp } from './app';
import { appOptionsFor, openMigratedDatabase } from './boot';
import { loadConfigOrExit, type AppConfig } from './config';
import { createJobRunner } from './domains';
import { createLogger, type Logger } from './logger';
import { stopOnSignals } from './server';

async function startWorker(config: AppConfig, logger: Logger): Promise<{ stop(): Promise<void> }> {
  const db = await openMigratedDatabase(config);
  // The services the jobs use, as the server builds them (no port is opened).
  const { services } = createApp(appOptionsFor(config, db, logger));
  const jobs = createJobRunner({ knex: db.knex, services, config, logger, role: 'worker' });
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= jobs.stop().finally(() => db.close());
    return stopping;
  };
  // A signal during the start-up runs stops after them.
  stopOnSignals({ stop }, logger);
  await jobs.runAtStart();
  jobs.start();
  return { stop };
}

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  await startWorker(config, logger);
  logger.info('Worker running the jobs (no HTTP); stop it with SIGTERM or Ctrl-C');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
