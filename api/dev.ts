/** `npm run dev`: the API on PORT (default 3000) and Vite with hot reload on 5173, proxying /api to it. */
import path from 'node:path';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { startServer, stopOnSignals } from './server';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const running = await startServer(config, logger);
stopOnSignals(running, logger);
const { createServer } = await import('vite');
const vite = await createServer({
  configFile: path.resolve(import.meta.dirname, '..', 'vite.config.ts'),
  server: { port: 5173, proxy: { '/api': running.url } },
});
await vite.listen();
logger.info(`API on ${running.url}; open the app with hot reload at http://localhost:5173`);
