/**
 * The real app serving a built PWA (`dist/`) over a fresh bench database — the demo catalogue or a
 * generated one — on a free local port, with the first visit's snapshot warmed as the server does
 * at start. Used by the browser benchmark and by the browser test of a 10,000-course catalogue.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@api/app';
import { catalogueWarmingJob } from '@api/jobs/warm-catalogue-snapshot';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { createBenchDatabase, DEMO, BENCH_AUTH_SECRET } from './bench-database';

export interface ServedCatalogue {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** How many active courses the catalogue holds. */
  activeCourses: number;
  close(): Promise<void>;
}

export async function serveCatalogue(courses: number | typeof DEMO, staticRoot: string): Promise<ServedCatalogue> {
  const db = await createBenchDatabase(courses);
  const activeCourses = Number((await db.knex('courses').where('is_active', true).count({ n: '*' }).first())?.n ?? 0);
  const app = createApp({ knex: db.knex, mailer: { send: async () => undefined }, authSecret: BENCH_AUTH_SECRET, staticRoot });
  // As the server does (api/jobs/index.ts): the first visit's snapshot is built when the process starts.
  const warming = new JobRunner({ knex: db.knex, logger: createLogger('error'), periodic: [catalogueWarmingJob(app.services)] });
  warming.start();
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    activeCourses,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await warming.stop();
      await db.destroy();
    },
  };
}
