/**
 * Issue 29, point 4 with S3 configured (an S3-compatible server started here, s3rver): a finished
 * upload in the bucket (`media/incoming-videos/{id}`, where @tus/s3-store completes it) is
 * transcoded into the bucket — every output under `media/videos/{id}/`, read back by presigned
 * GETs and byte ranges — and then deleted; a file that is not a video is deleted too. (The
 * upload itself through tus into the bucket: video-s3-upload.test.ts.)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '@contracts/learning';
import type { S3Config } from '@api/config';
import { createS3MediaStore, s3ClientOptions, type S3MediaStore } from '@api/integrations/media-store';
import { JobRunner } from '@api/jobs/runner';
import { transcodeVideoJob } from '@api/jobs/transcode-video';
import { createLogger } from '@api/logger';
import { transcodeSettings } from '@api/services/video/tools';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { makeTestVideo } from './support/videos';

let db: TestDatabase;
let api: TestServer;
let s3server: S3rver;
let config: S3Config;
let store: S3MediaStore;
let client: S3Client;

const keys = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!).sort();

/** A finished upload as the tus S3 store leaves it, and its asset row. */
async function uploaded(bytes: Buffer): Promise<string> {
  const id = crypto.randomUUID();
  await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: `media/incoming-videos/${id}`, Body: bytes }));
  await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: `media/incoming-videos/${id}.info`, Body: Buffer.alloc(0), ContentLength: 0 }));
  const now = new Date().toISOString();
  await db.knex('video_assets').insert({ id, status: 'uploaded', progress: 0, size_bytes: bytes.length, created_at: now, updated_at: now });
  await api.app.services.videos.queueTranscode(id);
  return id;
}

const transcode = () =>
  new JobRunner({ knex: db.knex, logger: createLogger('silent'), queued: [transcodeVideoJob(api.app.services, transcodeSettings(undefined))] }).tick();

beforeAll(async () => {
  db = await createTestDatabase();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'video-s3-'));
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'lesson-media' }] });
  const { port } = await s3server.run();
  config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'lesson-media',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: undefined,
  };
  client = new S3Client(s3ClientOptions(config));
  store = createS3MediaStore(config);
  api = await startTestServer(db.knex, { mediaStore: store });
});

afterAll(async () => {
  await api?.close();
  await s3server?.close();
  await db?.destroy();
});

describe('lesson videos in S3', () => {
  it('transcodes a finished upload into the bucket, served by presigned GETs, and deletes the upload', async () => {
    const id = await uploaded(makeTestVideo({ seconds: 3, width: 640, height: 360 }));
    await transcode();
    expect(await db.knex('video_assets').where({ id }).first()).toMatchObject({ status: 'ready', progress: 100, width: 640, height: 360 });
    expect(await keys(`media/videos/${id}/`)).toEqual(
      ['360p/index.m3u8', '360p/seg_00001.ts', 'master.m3u8', 'poster.jpg', 'video.mp4'].map((file) => `media/videos/${id}/${file}`),
    );
    expect(await keys(`media/incoming-videos/${id}`)).toEqual([]);

    const master = await fetch(await store.presignGet(`videos/${id}/master.m3u8`, 60));
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('RESOLUTION=640x360');
    const size = (await store.size(`videos/${id}/video.mp4`))!;
    expect(size).toBeGreaterThan(1000);
    const range = (await store.get(`videos/${id}/video.mp4`, { start: 4, end: 7 }))!;
    expect(await text(range.body)).toBe('ftyp');
    expect(await store.get(`videos/${id}/missing.m3u8`)).toBeNull();

    // Played through the API: playlists answered here (their relative addresses keep the credential),
    // segments by a presigned GET of the bucket.
    const nowIso = new Date().toISOString();
    const course = await createCourse(db.knex, { title: 'S3 course', type: 'recorded_course' });
    const learner = await createUser(db.knex);
    const lessonId = crypto.randomUUID();
    await db.knex('lessons').insert({
      id: lessonId,
      course_id: course.id,
      title: 'S3 lesson',
      kind: 'video',
      position: 0,
      video_asset_id: id,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await grantEntitlement(db.knex, { userId: learner.id, courseId: course.id, startsAt: nowIso });
    const playback = await api.get(`/api/lessons/${lessonId}/playback`, { Authorization: `Bearer ${await createSession(db.knex, learner.id)}` });
    expect(playback.status, playback.text).toBe(200);
    const served = await fetch(api.baseUrl + playback.body.manifestUrl, { redirect: 'manual' });
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('360p/index.m3u8');
    const variant = await fetch(api.baseUrl + playback.body.manifestUrl.replace('master.m3u8', '360p/index.m3u8'), { redirect: 'manual' });
    expect(await variant.text()).toContain('seg_00001.ts');
    const segment = await fetch(api.baseUrl + playback.body.manifestUrl.replace('master.m3u8', '360p/seg_00001.ts'), { redirect: 'manual' });
    expect(segment.status).toBe(302);
    const fromBucket = await fetch(segment.headers.get('location')!);
    expect(fromBucket.status).toBe(200);
    expect((await fromBucket.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    await store.deletePrefix(`videos/${id}/`);
    expect(await keys(`media/videos/${id}/`)).toEqual([]);
  }, 60_000);

  it('fails a file that is not a video and deletes it from the bucket', async () => {
    const id = await uploaded(Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000'), 'latin1'));
    await transcode();
    expect(await db.knex('video_assets').where({ id }).first()).toMatchObject({ status: 'failed', error: LEARNING_MESSAGES.notVideo });
    expect(await keys(`media/incoming-videos/${id}`)).toEqual([]);
    expect(await keys(`media/videos/${id}/`)).toEqual([]);
  }, 60_000);
});
