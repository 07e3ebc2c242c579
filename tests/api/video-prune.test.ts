/**
 * Issue 29, point 3: the hourly `prune-video-uploads` job deletes a finished video upload that no
 * lesson took within 7 days (its asset stays, failed with the reason, so a lesson that takes it
 * later says why), never one a lesson points at nor one whose transcode is queued or running, nor
 * one younger than that; and the locks left by holders that died. On SQLite and (with
 * TEST_MYSQL_URL) on MariaDB.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { videoUploadPruningJob } from '@api/jobs/prune-video-uploads';
import { JobRunner } from '@api/jobs/runner';
import { createLogger } from '@api/logger';
import { VIDEO_MESSAGES } from '@api/services/video';
import { createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';
import { makeTestVideo, uploadVideo } from './support/videos';

const DAY = 24 * 60 * 60_000;
let db: TestDatabase;
let api: TestServer;
let mediaDir: string;
let token: string;
let now = Date.now();
let keys = 0;

const clock = () => new Date(now);
const kept = (id: string) => fs.existsSync(path.join(mediaDir, 'incoming-videos', id));
const asset = (id: string) => db.knex('video_assets').where({ id }).first();
const write = (method: string, url: string, body: unknown) =>
  api.request(method, url, body, { Authorization: `Bearer ${token}`, 'Idempotency-Key': `prune-${++keys}` });

beforeAll(async () => {
  db = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-prune-media-'));
  api = await startTestServer(db.knex, { mediaStore: createLocalMediaStore(mediaDir), clock });
  token = await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id);
  // Signed in for as long as this clock moves.
  await db.knex('sessions').update({ expires_at: new Date(now + 30 * DAY).toISOString() });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('pruning finished video uploads no lesson took', () => {
  it('deletes one after 7 days, keeps those a lesson took, those being transcoded and younger ones; a lesson taking it later says why', async () => {
    const video = makeTestVideo({ seconds: 1, width: 320, height: 180, silent: true });
    const course = await createCourse(db.knex, { title: 'Pruned course', type: 'recorded_course' });
    const lessonFor = async (title: string) => (await write('POST', `/api/courses/${course.id}/lessons`, { title, kind: 'video' })).body.id as string;

    const unattached = await uploadVideo(api.baseUrl, token, video);
    // Taken by a lesson through the API: queued for its transcode.
    const taken = await uploadVideo(api.baseUrl, token, video);
    expect((await write('PUT', `/api/lessons/${await lessonFor('Taken')}`, { videoUploadId: taken })).status).toBe(200);
    // A lesson points at it, its transcode not queued yet.
    const pointedAt = await uploadVideo(api.baseUrl, token, video);
    await db
      .knex('lessons')
      .where({ id: await lessonFor('Pointed at') })
      .update({ video_asset_id: pointedAt });
    // Being transcoded while no lesson points at it (its lesson was changed meanwhile).
    const transcoding = await uploadVideo(api.baseUrl, token, video);
    await db.knex('video_assets').where({ id: transcoding }).update({ status: 'processing' });
    expect(await asset(taken)).toMatchObject({ status: 'queued' });

    const runner = new JobRunner({ knex: db.knex, logger: createLogger('silent'), clock, periodic: [videoUploadPruningJob(api.app.services)] });
    // Six days on, a younger upload arrives; nothing is old enough yet.
    now += 6 * DAY;
    const younger = await uploadVideo(api.baseUrl, token, video);
    // Locks: one whose holder died two days ago (deleted), one held now (kept).
    const iso = (at: number) => new Date(at).toISOString();
    const held = crypto.randomUUID();
    await db.knex('video_upload_locks').insert([
      { upload_id: crypto.randomUUID(), lease_token: crypto.randomUUID(), lease_until: iso(now - 2 * DAY), created_at: iso(now - 2 * DAY) },
      { upload_id: held, lease_token: crypto.randomUUID(), lease_until: iso(now + 10_000), created_at: iso(now) },
    ]);
    await runner.tick();
    for (const id of [unattached, taken, pointedAt, transcoding, younger]) expect(kept(id), id).toBe(true);
    expect(await asset(unattached)).toMatchObject({ status: 'uploaded' });
    expect(await db.knex('video_upload_locks').pluck('upload_id')).toEqual([held]);

    // Seven days after the first ones finished: the one no lesson took goes.
    now += DAY + 60_000;
    await runner.tick();
    expect(kept(unattached)).toBe(false);
    expect(await asset(unattached)).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.unattachedDeleted });
    for (const id of [taken, pointedAt, transcoding, younger]) expect(kept(id), id).toBe(true);
    expect(await asset(taken)).toMatchObject({ status: 'queued' });
    expect(await asset(pointedAt)).toMatchObject({ status: 'uploaded' });
    expect(await asset(transcoding)).toMatchObject({ status: 'processing' });
    expect(await asset(younger)).toMatchObject({ status: 'uploaded' });

    // A lesson that takes it now shows why it will not play; nothing is queued for it.
    const late = await write('PUT', `/api/lessons/${await lessonFor('Late')}`, { videoUploadId: unattached });
    expect(late.status, late.text).toBe(200);
    expect(await api.app.services.videos.state(unattached)).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.unattachedDeleted });
    expect(await db.knex('queued_jobs').where('job_key', 'like', `${unattached}%`)).toEqual([]);
  }, 30_000);
});
