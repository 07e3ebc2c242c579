/**
 * `npm run worker` in miniature, as a child process that a test SIGKILLs mid-transcode: the app's
 * services on DATABASE_URL with the media folder MEDIA_DIR, and the job runner of the worker role
 * (every domain's jobs, the transcode among them) with FFMPEG_PATH as its ffmpeg.
 */
import { createApp } from '@api/app';
import { createJobRunner } from '@api/domains';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { createLogger } from '@api/logger';
import { openDatabase } from '@db/knex';
import { TEST_AUTH_SECRET } from './test-server';

const database = openDatabase(process.env.DATABASE_URL);
const logger = createLogger('warn');
const app = createApp({
  knex: database.knex,
  logger,
  mailer: { send: async () => undefined },
  authSecret: TEST_AUTH_SECRET,
  mediaStore: createLocalMediaStore(process.env.MEDIA_DIR!),
});
const config = { seminarSweepMinutes: 5, reminderSweepSeconds: 60, transcode: { concurrency: 1, ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: undefined } };
createJobRunner({ knex: database.knex, services: app.services, config, logger, role: 'worker', pollMs: 50 }).start();
process.stdout.write('worker running\n');
