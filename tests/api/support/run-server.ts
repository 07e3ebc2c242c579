/** The real server process for tests that start, kill and restart it: `startServer` from the environment, without building the PWA. */
import { loadConfig } from '@api/config';
import { createLogger } from '@api/logger';
import { startServer, stopOnSignals } from '@api/server';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const running = await startServer(config, logger);
stopOnSignals(running, logger);
logger.info(`Training marketplace listening on ${running.url}`);
