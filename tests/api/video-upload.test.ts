/**
 * Issue 29, point 3: resumable video uploads (tus 1.0.0 on /api/uploads/video) for the staff who
 * manage courses — a dropped connection resumed from the offset HEAD gives, VIDEO_MAX_MB enforced
 * while the bytes stream (413, nothing kept), customers 403 and anonymous callers 401 — and the
 * transcode queued once for a finished upload. On SQLite and (with TEST_MYSQL_URL) on MariaDB.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { VIDEO_MESSAGES } from '@api/services/video';
import { createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { until } from './support/test-jobs';
import { startTestServer, type TestServer } from './support/test-server';
import { createUpload, headUpload, makeTestVideo, patchThenDrop, patchUpload, TUS } from './support/videos';

let db: TestDatabase;
let api: TestServer;
let mediaDir: string;
const tokens: Record<string, string> = {};
let adminId: string;
const LIMIT = 1024 * 1024; // VIDEO_MAX_MB = 1 in this file

const incomingFiles = () => fs.readdirSync(path.join(mediaDir, 'incoming-videos'));
const auth = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });

beforeAll(async () => {
  db = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-upload-media-'));
  api = await startTestServer(db.knex, { mediaStore: createLocalMediaStore(mediaDir), limits: { videoMaxMb: 1 } });
  for (const role of ['admin', 'contributor', 'customer']) {
    const user = await createUser(db.knex, { role });
    if (role === 'admin') adminId = user.id;
    tokens[role] = await createSession(db.knex, user.id);
  }
  const bare = await createUser(db.knex, { role: 'contributor' });
  await db
    .knex('users')
    .where({ id: bare.id })
    .update({ permissions: JSON.stringify([]) });
  tokens.bareContributor = await createSession(db.knex, bare.id);
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

describe('resumable video upload (tus)', () => {
  it('staff upload a video whose connection drops midway: HEAD gives the offset, the rest completes, and the finished upload is recorded', async () => {
    const video = makeTestVideo({ seconds: 3, width: 640, height: 360 });
    const created = await createUpload(api.baseUrl, tokens.admin!, {
      'Upload-Length': String(video.length),
      'Upload-Metadata': `filename ${btoa('lecture.mp4')}`,
    });
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/api\/uploads\/video\/[0-9a-f-]{36}$/);
    const id = created.id!;

    // The connection drops after 40 % of the bytes.
    await patchThenDrop(api.baseUrl, created.location!, tokens.admin!, video, Math.floor(video.length * 0.4));
    let offset = 0;
    await until(async () => (offset = (await headUpload(api.baseUrl, created.location!, tokens.admin!)).offset) > 0, 'the received part');
    expect(offset).toBeLessThanOrEqual(Math.floor(video.length * 0.4));
    const head = await headUpload(api.baseUrl, created.location!, tokens.admin!);
    expect(head).toMatchObject({ status: 200, length: String(video.length) });

    // Not finished: no asset yet, and it cannot be queued.
    expect(await db.knex('video_assets').where({ id }).first()).toBeUndefined();
    await expect(api.app.services.videos.queueTranscode(id)).rejects.toMatchObject({ status: 400, message: VIDEO_MESSAGES.notFinished });

    const rest = await patchUpload(api.baseUrl, created.location!, tokens.admin!, offset, video.subarray(offset));
    expect(rest).toMatchObject({ status: 204, offset: video.length });
    expect(fs.readFileSync(path.join(mediaDir, 'incoming-videos', id)).equals(video)).toBe(true);
    const asset = await db.knex('video_assets').where({ id }).first();
    expect(asset).toMatchObject({ status: 'uploaded', progress: 0, uploaded_by: adminId });
    expect(Number(asset.size_bytes)).toBe(video.length);

    // A repeated last PATCH (its answer was lost) changes nothing.
    expect(await patchUpload(api.baseUrl, created.location!, tokens.admin!, video.length, new Uint8Array())).toMatchObject({
      status: 204,
      offset: video.length,
    });
    expect(await db.knex('video_assets').where({ id })).toHaveLength(1);
  });

  it('refuses customers (403) and signed-out callers (401), on creation and on an upload in progress; nothing is created', async () => {
    const before = incomingFiles();
    for (const [who, status] of [
      ['customer', 403],
      ['bareContributor', 403],
      [null, 401],
    ] as const) {
      const created = await createUpload(api.baseUrl, who && tokens[who]!, { 'Upload-Length': '10' });
      expect(created.status, `${who} creates`).toBe(status);
      expect(created.location).toBeNull();
    }
    expect(incomingFiles()).toEqual(before);

    const mine = await createUpload(api.baseUrl, tokens.contributor!, { 'Upload-Length': '10' });
    expect(mine.status).toBe(201);
    const url = `${api.baseUrl}${mine.location}`;
    const octets = { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' };
    expect((await fetch(url, { method: 'PATCH', headers: { ...octets, ...auth('customer') }, body: 'abcdefghij' })).status).toBe(403);
    expect((await fetch(url, { method: 'PATCH', headers: octets, body: 'abcdefghij' })).status).toBe(401);
    expect((await fetch(url, { method: 'HEAD', headers: { ...TUS, ...auth('customer') } })).status).toBe(403);
    expect((await headUpload(api.baseUrl, mine.location!, tokens.contributor!)).offset).toBe(0);
  });

  it('refuses a video 1 byte over VIDEO_MAX_MB while it streams (413) and keeps nothing of it', async () => {
    const before = incomingFiles();
    // Declared up front: refused at creation.
    const declared = await createUpload(api.baseUrl, tokens.admin!, { 'Upload-Length': String(LIMIT + 1) });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).message).toBe('The video is larger than the 1 MB limit.');

    // Length deferred, bytes streamed without a Content-Length: refused when the limit is passed.
    const deferred = await createUpload(api.baseUrl, tokens.admin!, { 'Upload-Defer-Length': '1' });
    expect(deferred.status).toBe(201);
    const chunks = [crypto.randomBytes(LIMIT / 2), crypto.randomBytes(LIMIT / 2), Buffer.from([1])];
    const body = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const streamed = await fetch(`${api.baseUrl}${deferred.location}`, {
      method: 'PATCH',
      headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0', ...auth('admin') },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await headUpload(api.baseUrl, deferred.location!, tokens.admin!)).status).toBe(404);

    // A declared length kept to, then one byte more sent: refused too.
    const liar = await createUpload(api.baseUrl, tokens.admin!, { 'Upload-Length': String(LIMIT) });
    expect((await patchUpload(api.baseUrl, liar.location!, tokens.admin!, 0, crypto.randomBytes(LIMIT + 1))).status).toBe(413);
    expect((await headUpload(api.baseUrl, liar.location!, tokens.admin!)).status).toBe(404);

    expect(incomingFiles()).toEqual(before);
    expect(await db.knex('video_assets').whereIn('id', [deferred.id, liar.id])).toEqual([]);

    // Exactly the limit is a video like any other.
    const exact = await createUpload(api.baseUrl, tokens.admin!, { 'Upload-Length': String(LIMIT) });
    expect((await patchUpload(api.baseUrl, exact.location!, tokens.admin!, 0, crypto.randomBytes(LIMIT))).status).toBe(204);
    expect(await db.knex('video_assets').where({ id: exact.id }).first()).toMatchObject({ status: 'uploaded' });
  });
});

describe('abandoned uploads', () => {
  it('deletes an unfinished upload a day after its last bytes, and keeps finished and recent ones', async () => {
    const start = async (bytes: Buffer, sent: number) => {
      const created = await createUpload(api.baseUrl, tokens.admin!, { 'Upload-Length': String(bytes.length) });
      await patchUpload(api.baseUrl, created.location!, tokens.admin!, 0, bytes.subarray(0, sent));
      return created;
    };
    const bytes = crypto.randomBytes(4096);
    const abandoned = await start(bytes, 1000);
    const finished = await start(bytes, bytes.length);
    const recent = await start(bytes, 1000);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const { id } of [abandoned, finished]) {
      fs.utimesSync(path.join(mediaDir, 'incoming-videos', id!), twoDaysAgo, twoDaysAgo);
      fs.utimesSync(path.join(mediaDir, 'incoming-videos', `${id}.json`), twoDaysAgo, twoDaysAgo);
    }
    expect(await api.app.services.videos.pruneAbandonedUploads()).toBe(1);
    expect((await headUpload(api.baseUrl, abandoned.location!, tokens.admin!)).status).toBe(404);
    expect(incomingFiles().filter((name) => name.startsWith(abandoned.id!))).toEqual([]);
    expect(await headUpload(api.baseUrl, finished.location!, tokens.admin!)).toMatchObject({ status: 200, offset: bytes.length });
    expect(await headUpload(api.baseUrl, recent.location!, tokens.admin!)).toMatchObject({ status: 200, offset: 1000 });
    expect(await api.app.services.videos.pruneAbandonedUploads()).toBe(0);
  });
});

describe('queueing the transcode of an upload', () => {
  it('queues a finished upload once however often it is asked; unknown 404; Retry is for failed ones', async () => {
    const { videos } = api.app.services;
    await expect(videos.queueTranscode(crypto.randomUUID())).rejects.toMatchObject({ status: 404 });
    const bytes = makeTestVideo({ seconds: 3, width: 640, height: 360 });
    const created = await createUpload(api.baseUrl, tokens.contributor!, { 'Upload-Length': String(bytes.length) });
    await patchUpload(api.baseUrl, created.location!, tokens.contributor!, 0, bytes);
    const id = created.id!;
    expect((await api.request('POST', `/api/videos/${id}/retry`, undefined, auth('admin'))).status).toBe(409);

    await Promise.all([videos.queueTranscode(id), videos.queueTranscode(id), videos.queueTranscode(id)]);
    const jobs = await db.knex('queued_jobs').where({ name: 'transcode-video' }).where('payload', 'like', `%${id}%`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ job_key: id, status: 'queued' });
    expect(await videos.state(id)).toMatchObject({ id, status: 'queued', progress: 0, error: null, sizeBytes: bytes.length });

    // Retry while it is queued changes nothing; staff read its state, customers may not.
    const retried = await api.request('POST', `/api/videos/${id}/retry`, undefined, auth('admin'));
    expect(retried).toMatchObject({ status: 200, body: { id, status: 'queued' } });
    expect(await db.knex('queued_jobs').where({ name: 'transcode-video' }).where('payload', 'like', `%${id}%`)).toHaveLength(1);
    expect((await api.get(`/api/videos/${id}`, auth('contributor'))).body).toMatchObject({ id, status: 'queued' });
    expect((await api.get(`/api/videos/${id}`, auth('customer'))).status).toBe(403);
    expect((await api.request('POST', `/api/videos/${id}/retry`, undefined, auth('customer'))).status).toBe(403);
    expect((await api.get(`/api/videos/${crypto.randomUUID()}`, auth('admin'))).status).toBe(404);
  });
});
