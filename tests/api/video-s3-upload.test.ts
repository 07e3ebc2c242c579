/**
 * Issue 29, point 3 with S3 configured (an S3-compatible server started here, `support/s3-server`):
 * a video uploaded through tus into the bucket (@tus/s3-store, a multipart upload) whose connection
 * drops midway — HEAD gives the offset of what arrived, PATCH sends the rest — attached to a lesson,
 * transcoded into the bucket and served; and the pruning of uploads in the bucket (unfinished ones
 * abandoned, finished ones no lesson took).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3MediaStore } from '@api/integrations/media-store';
import { JobRunner } from '@api/jobs/runner';
import { transcodeVideoJob } from '@api/jobs/transcode-video';
import { createLogger } from '@api/logger';
import { VIDEO_MESSAGES } from '@api/services/video';
import { transcodeSettings } from '@api/services/video/tools';
import { createCourse, createSession, createUser, grantEntitlement } from './support/factories';
import { startTestS3, type TestS3 } from './support/s3-server';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { until } from './support/test-jobs';
import { startTestServer, type TestServer } from './support/test-server';
import { createUpload, headUpload, makeTestVideo, patchThenDrop, patchUpload, uploadVideo } from './support/videos';

let db: TestDatabase;
let api: TestServer;
let s3: TestS3;
let token: string;
let keys = 0;

const admin = () => ({ Authorization: `Bearer ${token}` });
const write = (method: string, url: string, body: unknown) => api.request(method, url, body, { ...admin(), 'Idempotency-Key': `s3-upload-${++keys}` });
const object = async (key: string) =>
  Buffer.from(await (await s3.client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }))).Body!.transformToByteArray());
const transcode = () =>
  new JobRunner({ knex: db.knex, logger: createLogger('silent'), queued: [transcodeVideoJob(api.app.services, transcodeSettings(undefined))] }).tick();

beforeAll(async () => {
  db = await createTestDatabase();
  s3 = await startTestS3();
  api = await startTestServer(db.knex, { mediaStore: createS3MediaStore(s3.config) });
  token = await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id);
});

afterAll(async () => {
  await api?.close();
  await s3?.close();
  await db?.destroy();
});

describe('resumable video upload into S3', () => {
  it('resumes a dropped upload from the offset HEAD gives, then a lesson takes it: transcoded into the bucket and played', async () => {
    const video = makeTestVideo({ seconds: 2, width: 320, height: 180 });
    const created = await createUpload(api.baseUrl, token, { 'Upload-Length': String(video.length) });
    expect(created.status, created.text).toBe(201);
    const id = created.id!;
    const incoming = `media/incoming-videos/${id}`;

    // The connection drops after 40 % of the bytes: what arrived is kept in the bucket (a part of
    // the multipart upload below S3's 5 MB minimum waits as `{id}.part`).
    const sent = Math.floor(video.length * 0.4);
    await patchThenDrop(api.baseUrl, created.location!, token, video, sent);
    let offset = 0;
    await until(async () => (offset = (await headUpload(api.baseUrl, created.location!, token)).offset) > 0, 'the received part', 10_000);
    expect(offset).toBeLessThanOrEqual(sent);
    expect(await s3.keys(incoming)).toEqual([`${incoming}.info`, `${incoming}.part`]);
    expect(await db.knex('video_assets').where({ id }).first()).toBeUndefined();

    const rest = await patchUpload(api.baseUrl, created.location!, token, offset, video.subarray(offset));
    expect(rest).toMatchObject({ status: 204, offset: video.length });
    expect((await object(incoming)).equals(video)).toBe(true);
    expect(await headUpload(api.baseUrl, created.location!, token)).toMatchObject({ status: 200, offset: video.length });
    expect(await db.knex('video_assets').where({ id }).first()).toMatchObject({ status: 'uploaded' });

    // A lesson takes it: queued, transcoded into the bucket, the upload deleted.
    const course = await createCourse(db.knex, { title: 'S3 upload course', type: 'recorded_course' });
    const lesson = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Lecture', kind: 'video' });
    expect(lesson.status, lesson.text).toBe(201);
    const attached = await write('PUT', `/api/lessons/${lesson.body.id}`, { videoUploadId: id });
    expect(attached.status, attached.text).toBe(200);
    expect(await db.knex('video_assets').where({ id }).first()).toMatchObject({ status: 'queued' });
    await transcode();
    expect(await db.knex('video_assets').where({ id }).first()).toMatchObject({ status: 'ready', width: 320, height: 180 });
    expect(await s3.keys(`media/videos/${id}/`)).toEqual(
      ['360p/index.m3u8', '360p/seg_00001.ts', 'master.m3u8', 'poster.jpg', 'video.mp4'].map((file) => `media/videos/${id}/${file}`),
    );
    expect(await s3.keys(incoming)).toEqual([]);

    // Played by an entitled learner: playlists through the API, a segment from the bucket.
    const learner = await createUser(db.knex);
    const nowIso = new Date().toISOString();
    await grantEntitlement(db.knex, { userId: learner.id, courseId: course.id, startsAt: nowIso });
    const playback = await api.get(`/api/lessons/${lesson.body.id}/playback`, { Authorization: `Bearer ${await createSession(db.knex, learner.id)}` });
    expect(playback.status, playback.text).toBe(200);
    const master = await fetch(api.baseUrl + playback.body.manifestUrl, { redirect: 'manual' });
    expect(await master.text()).toContain('RESOLUTION=320x180');
    const segment = await fetch(api.baseUrl + playback.body.manifestUrl.replace('master.m3u8', '360p/seg_00001.ts'), { redirect: 'manual' });
    expect(segment.status).toBe(302);
    const fromBucket = await fetch(segment.headers.get('location')!);
    expect(fromBucket.status).toBe(200);
    expect((await fromBucket.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 30_000);

  it('deletes from the bucket an unfinished upload left idle and a finished one no lesson took, keeping one a lesson took', async () => {
    const video = makeTestVideo({ seconds: 2, width: 320, height: 180 });
    const unfinished = await createUpload(api.baseUrl, token, { 'Upload-Length': String(video.length) });
    expect((await patchUpload(api.baseUrl, unfinished.location!, token, 0, video.subarray(0, 1000))).status).toBe(204);
    const unattached = await uploadVideo(api.baseUrl, token, video);
    const taken = await uploadVideo(api.baseUrl, token, video);
    const course = await createCourse(db.knex, { title: 'Kept course', type: 'recorded_course' });
    const lesson = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Kept', kind: 'video' });
    expect((await write('PUT', `/api/lessons/${lesson.body.id}`, { videoUploadId: taken })).status).toBe(200);
    const incoming = (id: string) => `media/incoming-videos/${id}`;
    expect(await s3.keys(incoming(unattached))).toEqual([incoming(unattached), `${incoming(unattached)}.info`]);

    // Idle (and kept) for no time at all: everything that may go, goes.
    const videos = api.app.services.videos;
    expect(await videos.pruneAbandonedUploads(0)).toBe(1);
    expect(await s3.keys(incoming(unfinished.id!))).toEqual([]);
    expect((await headUpload(api.baseUrl, unfinished.location!, token)).status).toBe(404);
    expect(await videos.pruneUnattachedUploads(0)).toBe(1);
    expect(await s3.keys(incoming(unattached))).toEqual([]);
    expect(await db.knex('video_assets').where({ id: unattached }).first()).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.unattachedDeleted });
    // The lesson's (queued for its transcode) is untouched.
    expect(await s3.keys(incoming(taken))).toEqual([incoming(taken), `${incoming(taken)}.info`]);
    expect(await db.knex('video_assets').where({ id: taken }).first()).toMatchObject({ status: 'queued' });
  }, 30_000);
});
