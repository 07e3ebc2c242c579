/**
 * Issue 29, point 4: a worker killed mid-transcode. A real worker process
 * (`support/video-worker-process.ts`) takes the transcode job, and is SIGKILLed while its ffmpeg
 * runs (progress already written). Its ffmpeg dies with it; another runner does not touch the job
 * while the dead worker's lease lasts, takes it over once the lease has run out, and the video is
 * made once. On SQLite and (with TEST_MYSQL_URL) on MariaDB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { JobRunner } from '@api/jobs/runner';
import { transcodeVideoJob } from '@api/jobs/transcode-video';
import { createLogger } from '@api/logger';
import { transcodeSettings } from '@api/services/video/tools';
import { createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { until } from './support/test-jobs';
import { startTestServer, type TestServer } from './support/test-server';
import { makeTestVideo, realTimeFfmpeg, uploadVideo } from './support/videos';

let db: TestDatabase;
let api: TestServer;
let mediaDir: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  db = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-crash-media-'));
  api = await startTestServer(db.knex, { mediaStore: createLocalMediaStore(mediaDir) });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await api?.close();
  await db?.destroy();
});

/** Processes whose command line names `needle` (Linux's /proc). */
function processesNaming(needle: string): string[] {
  if (!fs.existsSync('/proc/self/cmdline')) return [];
  return fs.readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle);
    } catch {
      return false;
    }
  });
}

describe('a worker killed mid-transcode', () => {
  it('leaves the job to another runner after its lease, and the video is made once', async () => {
    const token = await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id);
    const id = await uploadVideo(api.baseUrl, token, makeTestVideo({ seconds: 12, width: 640, height: 360 }));
    await api.app.services.videos.queueTranscode(id);

    // The worker's ffmpeg reads in real time: the transcode would last ~12 s, long enough to be killed in.
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/support/video-worker-process.ts'], {
      env: { ...process.env, DATABASE_URL: db.url, MEDIA_DIR: mediaDir, FFMPEG_PATH: realTimeFfmpeg() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const asset = () => db.knex('video_assets').where({ id }).first();
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}:\n${output}`);
      const row = await asset();
      return row.status === 'processing' && row.progress > 0;
    }, 'the worker to be transcoding');
    const incomingFile = path.join(mediaDir, 'incoming-videos', id);
    expect(processesNaming(incomingFile).length, 'its ffmpeg runs').toBeGreaterThan(0);
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;

    const job = await db.knex('queued_jobs').where({ name: 'transcode-video', job_key: id }).first();
    expect(job).toMatchObject({ status: 'running', attempts: 1 });
    expect(await asset()).toMatchObject({ status: 'processing' });
    // Its ffmpeg dies with it (long before its ~12 s would have ended).
    await until(() => processesNaming(incomingFile).length === 0, "the worker's ffmpeg to end with it", 4_000);

    let skewMs = 0;
    const survivor = new JobRunner({
      knex: db.knex,
      logger: createLogger('silent'),
      clock: () => new Date(Date.now() + skewMs),
      queued: [transcodeVideoJob(api.app.services, transcodeSettings(undefined))],
    });
    // While the dead worker's lease lasts, nobody takes its transcode.
    await survivor.tick();
    expect(await db.knex('queued_jobs').where({ id: job.id }).first()).toMatchObject({ status: 'running', attempts: 1 });
    expect(await asset()).toMatchObject({ status: 'processing' });

    // Past the lease: taken over and made, once.
    skewMs = Date.parse(job.lease_until) - Date.now() + 1;
    await survivor.tick();
    const ready = await asset();
    expect(ready).toMatchObject({ status: 'ready', progress: 100, error: null, width: 640, height: 360 });
    expect(Number(ready.duration_seconds)).toBeCloseTo(12, 1);
    expect(await db.knex('queued_jobs').where({ id: job.id }).first()).toMatchObject({ status: 'done', attempts: 2, lease_token: null });
    const files = fs
      .readdirSync(path.join(mediaDir, 'videos', id), { recursive: true })
      .map(String)
      .sort();
    expect(files).toEqual(['360p', '360p/index.m3u8', '360p/seg_00001.ts', '360p/seg_00002.ts', 'master.m3u8', 'poster.jpg', 'video.mp4']);
    expect(fs.existsSync(incomingFile)).toBe(false);

    await survivor.tick();
    expect(await db.knex('queued_jobs').where({ id: job.id }).first()).toMatchObject({ status: 'done', attempts: 2 });
    expect(await asset()).toMatchObject({ status: 'ready', updated_at: ready.updated_at });
    await survivor.stop();
  }, 120_000);
});
