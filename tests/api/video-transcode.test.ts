/**
 * Issue 29, point 4: transcoding as the queued job `transcode-video`, run by a job runner as the
 * worker runs it. A renamed PNG or a zip ends failed with the message and is deleted (no retry);
 * a real testsrc video (made here with ffmpeg) becomes HLS renditions never above the source, a
 * master playlist, 6 s segments, a poster, a faststart MP4 and its duration, and its progress is
 * written on the way; ffmpeg's failure keeps the upload for Retry; TRANSCODE_CONCURRENCY bounds a runner.
 * On SQLite and (with TEST_MYSQL_URL) on MariaDB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '@contracts/learning';
import type { TranscodeConfig } from '@api/config';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { JobRunner } from '@api/jobs/runner';
import { transcodeVideoJob } from '@api/jobs/transcode-video';
import { createLogger } from '@api/logger';
import { planRenditions } from '@api/services/video/ffmpeg-command';
import { transcodeSettings } from '@api/services/video/tools';
import { createSession, createUser } from './support/factories';
import { photoPng } from './support/images';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { failingFfmpeg, makeTestVideo, mp4Boxes, realTimeFfmpeg, uploadVideo, zipOf } from './support/videos';

let db: TestDatabase;
let api: TestServer;
let mediaDir: string;
let token: string;

const runner = (transcode: Partial<TranscodeConfig> = {}) =>
  new JobRunner({ knex: db.knex, logger: createLogger('silent'), queued: [transcodeVideoJob(api.app.services, transcodeSettings(transcode))] });
const asset = (id: string) => db.knex('video_assets').where({ id }).first();
const jobsOf = (id: string) => db.knex('queued_jobs').where({ name: 'transcode-video' }).where('payload', 'like', `%${id}%`).orderBy('created_at');
const media = (id: string, file = '') => path.join(mediaDir, 'videos', id, file);
const incoming = (id: string) => path.join(mediaDir, 'incoming-videos', id);

async function uploadAndQueue(bytes: Buffer): Promise<string> {
  const id = await uploadVideo(api.baseUrl, token, bytes);
  await api.app.services.videos.queueTranscode(id);
  return id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-transcode-media-'));
  api = await startTestServer(db.knex, { mediaStore: createLocalMediaStore(mediaDir) });
  token = await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id);
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('the transcode job', () => {
  it('fails a renamed PNG and a zip with the message, deletes them, and does not retry', async () => {
    const jobs = runner();
    for (const bytes of [await photoPng(320, 240), zipOf('lecture.mp4', Buffer.from('not a video at all'))]) {
      const id = await uploadAndQueue(bytes);
      expect(fs.existsSync(incoming(id))).toBe(true);
      await jobs.tick();
      expect(await asset(id)).toMatchObject({ status: 'failed', error: LEARNING_MESSAGES.notVideo, progress: 0 });
      expect(fs.existsSync(incoming(id)) || fs.existsSync(`${incoming(id)}.json`)).toBe(false);
      expect(fs.existsSync(media(id))).toBe(false);
      expect(await jobsOf(id)).toMatchObject([{ status: 'done', attempts: 1 }]);
      await jobs.tick();
      expect(await jobsOf(id)).toMatchObject([{ status: 'done', attempts: 1 }]);
      // Nothing is left to retry: the reason is said again.
      const retry = await api.request('POST', `/api/videos/${id}/retry`, undefined, { Authorization: `Bearer ${token}` });
      expect(retry).toMatchObject({ status: 409, body: { message: LEARNING_MESSAGES.notVideo } });
    }
  });

  it('makes a real video ready: renditions never above the source, 6 s segments, master, poster, faststart MP4, duration', async () => {
    const id = await uploadAndQueue(makeTestVideo({ seconds: 7, width: 640, height: 360 }));
    await runner().tick();
    const row = await asset(id);
    expect(row).toMatchObject({ status: 'ready', progress: 100, error: null, width: 640, height: 360 });
    expect(Number(row.duration_seconds)).toBeCloseTo(7, 1);
    expect(JSON.parse(row.renditions)).toEqual([{ name: '360p', width: 640, height: 360, bandwidth: 896_000 }]);

    // Never above the source: a 360p source has only its 360p rendition.
    expect(fs.readdirSync(media(id)).sort()).toEqual(['360p', 'master.m3u8', 'poster.jpg', 'video.mp4']);
    const master = fs.readFileSync(media(id, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/^#EXTM3U\n/);
    expect(master).toContain('#EXT-X-STREAM-INF:BANDWIDTH=896000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"\n360p/index.m3u8');
    const playlist = fs.readFileSync(media(id, '360p/index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),\n(seg_\d{5}\.ts)/g)].map((m) => [Number(m[1]), m[2]] as const);
    expect(durations.map(([, file]) => file)).toEqual(['seg_00001.ts', 'seg_00002.ts']);
    expect(durations[0]![0]).toBeGreaterThanOrEqual(4);
    expect(durations[0]![0]).toBeLessThanOrEqual(6.05);
    for (const [, file] of durations) expect(fs.statSync(media(id, `360p/${file}`)).size).toBeGreaterThan(0);
    expect(fs.readFileSync(media(id, 'poster.jpg')).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const boxes = mp4Boxes(fs.readFileSync(media(id, 'video.mp4')));
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    // The upload and the work folder are gone; the job ran once.
    expect(fs.existsSync(incoming(id))).toBe(false);
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`transcode-${id}-`))).toEqual([]);
    expect(await jobsOf(id)).toMatchObject([{ status: 'done', attempts: 1 }]);
    const state = await api.get(`/api/videos/${id}`, { Authorization: `Bearer ${token}` });
    expect(state.body).toMatchObject({ status: 'ready', durationSeconds: expect.closeTo(7, 1), renditions: [{ name: '360p', width: 640, height: 360 }] });
  }, 60_000);

  it('writes its progress while ffmpeg runs', async () => {
    const id = await uploadAndQueue(makeTestVideo({ seconds: 3, width: 640, height: 360 }));
    // ffmpeg reads in real time here, so the transcode lasts ~3 s and its progress can be watched.
    const seen: Array<{ status: string; progress: number }> = [];
    let running = true;
    const watching = (async () => {
      while (running) {
        const row = await asset(id);
        seen.push({ status: row.status, progress: row.progress });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    await runner({ ffmpegPath: realTimeFfmpeg() }).tick();
    running = false;
    await watching;
    const during = seen.filter((s) => s.status === 'processing').map((s) => s.progress);
    expect(
      during.some((p) => p > 0 && p < 100),
      `progress seen: ${during.join(', ')}`,
    ).toBe(true);
    expect(during).toEqual([...during].sort((a, b) => a - b));
    expect(await asset(id)).toMatchObject({ status: 'ready', progress: 100 });
  }, 60_000);

  it('keeps the upload when ffmpeg fails, says why, and Retry makes it ready', async () => {
    const id = await uploadAndQueue(makeTestVideo({ seconds: 3, width: 640, height: 360, silent: true }));
    await runner({ ffmpegPath: failingFfmpeg() }).tick();
    expect(await asset(id)).toMatchObject({ status: 'failed', error: "Transcoding failed: Unknown encoder 'libx264'" });
    expect(fs.existsSync(incoming(id))).toBe(true);
    expect(await jobsOf(id)).toMatchObject([{ status: 'done', attempts: 1 }]);

    const retry = await api.request('POST', `/api/videos/${id}/retry`, undefined, { Authorization: `Bearer ${token}`, 'Idempotency-Key': `retry-${id}` });
    expect(retry).toMatchObject({ status: 200, body: { id, status: 'queued', error: null } });
    const jobs = await jobsOf(id);
    expect(jobs).toHaveLength(2);
    expect(jobs[1]!.job_key).toMatch(new RegExp(`^${id}:retry-`));
    await runner().tick();
    expect(await asset(id)).toMatchObject({ status: 'ready', progress: 100, error: null });
    expect(fs.existsSync(media(id, 'master.m3u8'))).toBe(true);
    expect(fs.readFileSync(media(id, 'master.m3u8'), 'utf8')).toContain('CODECS="avc1.4d401e"\n');
  }, 60_000);

  it('lets Retry take up a transcode whose job gave up after its runners kept dying', async () => {
    const id = await uploadAndQueue(makeTestVideo({ seconds: 2, width: 640, height: 360, silent: true }));
    // As the queue leaves it when every attempt's runner died: the job dead, the video processing.
    await db.knex('queued_jobs').where({ name: 'transcode-video', job_key: id }).update({ status: 'dead', attempts: 4 });
    await db.knex('video_assets').where({ id }).update({ status: 'processing', progress: 37 });
    const retry = await api.request('POST', `/api/videos/${id}/retry`, undefined, { Authorization: `Bearer ${token}` });
    expect(retry).toMatchObject({ status: 200, body: { id, status: 'queued', progress: 0 } });
    await runner().tick();
    expect(await asset(id)).toMatchObject({ status: 'ready', progress: 100 });
  }, 60_000);

  it('runs at most TRANSCODE_CONCURRENCY transcodes at once in a runner', async () => {
    const video = makeTestVideo({ seconds: 2, width: 640, height: 360, silent: true });
    const one = [await uploadAndQueue(video), await uploadAndQueue(video)];
    await runner().tick();
    const statuses = async (ids: string[]) => (await Promise.all(ids.map(asset))).map((row) => row.status).sort();
    expect(await statuses(one)).toEqual(['queued', 'ready']);
    await runner().tick();
    expect(await statuses(one)).toEqual(['ready', 'ready']);

    const two = [await uploadAndQueue(video), await uploadAndQueue(video)];
    await runner({ concurrency: 2 }).tick();
    expect(await statuses(two)).toEqual(['ready', 'ready']);
  }, 60_000);
});

describe('the renditions of a source', () => {
  it('are 360p, 720p and 1080p up to the shorter side of the source, never above it', () => {
    const names = (width: number, height: number) => planRenditions({ width, height, hasAudio: true }).map((r) => `${r.name} ${r.width}x${r.height}`);
    expect(names(3840, 2160)).toEqual(['360p 640x360', '720p 1280x720', '1080p 1920x1080']);
    expect(names(1920, 1080)).toEqual(['360p 640x360', '720p 1280x720', '1080p 1920x1080']);
    expect(names(1280, 720)).toEqual(['360p 640x360', '720p 1280x720']);
    expect(names(1000, 700)).toEqual(['360p 514x360']);
    expect(names(720, 1280)).toEqual(['360p 360x640', '720p 720x1280']);
    expect(names(320, 180)).toEqual(['360p 320x180']);
  });
});
