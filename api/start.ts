/** `npm start`: build the PWA when it has not been built, then run the server. */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { DIST_DIR, startServer, stopOnSignals } from './server';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
    logger.info('Building the web app (first start)…');
    const { build } = await import('vite');
    // Built for production whatever NODE_ENV this process inherited: Vite takes NODE_ENV before its mode, and a
    // "test" or "development" one would build React's development code (over the first-load budget).
    const inherited = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: path.resolve(import.meta.dirname, '..', 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
    } finally {
      if (inherited === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = inherited;
    }
  }
  const running = await startServer(config, logger);
  stopOnSignals(running, logger);
  logger.info(`Training marketplace listening on ${running.url} (public URL ${config.publicUrl})`);
}

main().catch((error: NodeJS.ErrnoException & { port?: number }) => {
  if (error?.code === 'EADDRINUSE') {
    const port = error.port ?? Number(process.env.PORT ?? 3000);
    console.error(`Port ${port} is already in use by another program. Stop that program, or start on another port: PORT=${port + 1} npm start`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
