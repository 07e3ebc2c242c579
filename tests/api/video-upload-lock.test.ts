/**
 * Issue 29, point 3: one upload's requests never write at once, whichever API process receives
 * them. Two apps share the database (each with its own connection pool, as two processes or
 * machines would) and the S3 bucket, where a PATCH's bytes reach the upload only when it ends —
 * so without a lock shared through the database both PATCHes at offset 0 would be taken. With it
 * the second waits, asks the first to release (tus's request to release), and then finds the
 * offset moved: 409. A holder that stalls is ended so that the newer request can go on; one that
 * died is taken over when its lease runs out; a wait too long is answered 423.
 * On SQLite and (with TEST_MYSQL_URL) on MariaDB.
 */
import http from 'node:http';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@db/knex';
import { createS3MediaStore } from '@api/integrations/media-store';
import { createLogger } from '@api/logger';
import { DatabaseUploadLocker, UPLOAD_LOCKED } from '@api/services/video/upload-locker';
import { createSession, createUser } from './support/factories';
import { startTestS3, type TestS3 } from './support/s3-server';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { until } from './support/test-jobs';
import { startTestServer, type TestServer } from './support/test-server';
import { createUpload, headUpload, makeTestVideo, patchUpload, TUS } from './support/videos';

let db: TestDatabase;
let second: Database;
let s3: TestS3;
let one: TestServer;
let two: TestServer;
let token: string;
let video: Buffer;

const object = async (key: string) =>
  Buffer.from(await (await s3.client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }))).Body!.transformToByteArray());

/**
 * A PATCH at offset 0 that sends `bytes` in `chunks` pieces `gapMs` apart, or only the first
 * `stallAfter` pieces and then nothing more (a client gone quiet); resolves with the answer, or
 * status 0 when the connection closed without one.
 */
function slowPatch(baseUrl: string, location: string, bytes: Buffer, o: { chunks: number; gapMs: number; stallAfter?: number }) {
  let firstSent: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (firstSent = resolve));
  const answer = new Promise<{ status: number; offset: number }>((resolve) => {
    const request = http.request(new URL(location, baseUrl), {
      method: 'PATCH',
      headers: {
        ...TUS,
        'Content-Type': 'application/offset+octet-stream',
        Authorization: `Bearer ${token}`,
        'Upload-Offset': '0',
        'Content-Length': String(bytes.length),
      },
    });
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode!, offset: Number(response.headers['upload-offset']) });
      request.destroy();
    });
    request.on('error', () => resolve({ status: 0, offset: NaN }));
    const size = Math.ceil(bytes.length / o.chunks);
    const send = (i: number) => {
      if (i >= o.chunks || (o.stallAfter !== undefined && i >= o.stallAfter)) return;
      const last = i === o.chunks - 1;
      request.write(bytes.subarray(i * size, (i + 1) * size), () => {
        if (i === 0) firstSent();
        if (last) request.end();
        else setTimeout(() => send(i + 1), o.gapMs);
      });
    };
    send(0);
  });
  return { started, answer };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  db = await createTestDatabase();
  second = openDatabase(db.url);
  s3 = await startTestS3();
  one = await startTestServer(db.knex, { mediaStore: createS3MediaStore(s3.config) });
  two = await startTestServer(second.knex, { mediaStore: createS3MediaStore(s3.config) });
  token = await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id);
  video = makeTestVideo({ seconds: 2, width: 320, height: 180 });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await second?.close();
  await s3?.close();
  await db?.destroy();
});

describe('PATCHes of one upload in two API processes', () => {
  it('takes one of two PATCHes at the same offset: the other waits for the lock and finds the offset moved (409); the file is intact', async () => {
    const created = await createUpload(one.baseUrl, token, { 'Upload-Length': String(video.length) });
    const first = slowPatch(one.baseUrl, created.location!, video, { chunks: 5, gapMs: 150 });
    await first.started;
    await pause(100);
    const other = await patchUpload(two.baseUrl, created.location!, token, 0, video);
    expect(await first.answer).toEqual({ status: 204, offset: video.length });
    expect(other.status, other.text).toBe(409);

    expect((await object(`media/incoming-videos/${created.id}`)).equals(video)).toBe(true);
    expect(await db.knex('video_assets').where({ id: created.id })).toHaveLength(1);
    expect(await db.knex('video_upload_locks')).toEqual([]);
  }, 20_000);

  it('ends a PATCH that went quiet when a newer one asks: what it received is kept, the newer one is told the offset moved, the upload resumes', async () => {
    const created = await createUpload(one.baseUrl, token, { 'Upload-Length': String(video.length) });
    const stalled = slowPatch(one.baseUrl, created.location!, video, { chunks: 5, gapMs: 50, stallAfter: 2 });
    await stalled.started;
    await pause(200);
    const newer = await patchUpload(two.baseUrl, created.location!, token, 0, video);
    // The quiet one was released (after tus's lock drain time) and what it received is kept.
    expect(newer.status, newer.text).toBe(409);
    const { offset } = await headUpload(two.baseUrl, created.location!, token);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(video.length);
    // The quiet one is answered with the offset it reached.
    expect(await stalled.answer).toEqual({ status: 204, offset });

    expect(await patchUpload(two.baseUrl, created.location!, token, offset, video.subarray(offset))).toMatchObject({ status: 204, offset: video.length });
    expect((await object(`media/incoming-videos/${created.id}`)).equals(video)).toBe(true);
  }, 20_000);
});

describe('an upload moving between API processes', () => {
  it('finishes an upload whose length one process learned after the other had read it (no stale copy of its facts is kept)', async () => {
    const created = await createUpload(one.baseUrl, token, { 'Upload-Defer-Length': '1' });
    expect(created.status, created.text).toBe(201);
    expect(await headUpload(one.baseUrl, created.location!, token)).toMatchObject({ status: 200, offset: 0, length: null });
    const half = Math.floor(video.length / 2);
    const first = await patchUpload(two.baseUrl, created.location!, token, 0, video.subarray(0, half), { 'Upload-Length': String(video.length) });
    expect(first).toMatchObject({ status: 204, offset: half });
    expect(await headUpload(one.baseUrl, created.location!, token)).toMatchObject({ offset: half, length: String(video.length) });
    expect(await patchUpload(one.baseUrl, created.location!, token, half, video.subarray(half))).toMatchObject({ status: 204, offset: video.length });
    expect((await object(`media/incoming-videos/${created.id}`)).equals(video)).toBe(true);
    expect(await db.knex('video_assets').where({ id: created.id }).first()).toMatchObject({ status: 'uploaded' });
  });
});

describe('the database upload locker', () => {
  const logger = createLogger('silent');
  const lockers = (o: Partial<ConstructorParameters<typeof DatabaseUploadLocker>[0]> = {}) => [
    new DatabaseUploadLocker({ knex: db.knex, clock: () => new Date(), logger, checkMs: 50, pollMs: 20, ...o }),
    new DatabaseUploadLocker({ knex: second.knex, clock: () => new Date(), logger, checkMs: 50, pollMs: 20, ...o }),
  ];

  it('lets one holder at a time have an upload, asks the holder to release when another waits, and frees it on unlock', async () => {
    const [a, b] = lockers();
    const released: string[] = [];
    const held = a!.newLock('upload-1');
    await held.lock(new AbortController().signal, () => void released.push('a'));
    let taken = false;
    const waiting = b!
      .newLock('upload-1')
      .lock(new AbortController().signal, () => void released.push('b'))
      .then(() => (taken = true));
    await until(() => released.includes('a'), 'the holder asked to release', 5000);
    expect(taken).toBe(false);
    // Another upload is not held up.
    const elsewhere = b!.newLock('upload-2');
    await elsewhere.lock(new AbortController().signal, () => undefined);
    await elsewhere.unlock();

    await held.unlock();
    await waiting;
    expect(taken).toBe(true);
    expect(released).toEqual(['a']);
    expect(await db.knex('video_upload_locks').pluck('upload_id')).toEqual(['upload-1']);
  });

  it('takes over the lock of a holder that died once its lease runs out; the dead one cannot free it afterwards', async () => {
    // The dead holder never renews (its check never comes); its lease is 300 ms.
    const dead = new DatabaseUploadLocker({ knex: db.knex, clock: () => new Date(), logger, leaseMs: 300, checkMs: 60_000 });
    const [, b] = lockers();
    const stale = dead.newLock('upload-3');
    await stale.lock(new AbortController().signal, () => undefined);
    const startedAt = Date.now();
    const next = b!.newLock('upload-3');
    await next.lock(new AbortController().signal, () => undefined);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
    await stale.unlock();
    expect(await db.knex('video_upload_locks').where({ upload_id: 'upload-3' })).toHaveLength(1);
    await next.unlock();
    expect(await db.knex('video_upload_locks').where({ upload_id: 'upload-3' })).toHaveLength(0);
  });

  it('answers 423 to a request that waited too long, and 400 to one whose request ended while it waited; the holder keeps the lock', async () => {
    const [a, b] = lockers({ acquireTimeoutMs: 300 });
    const held = a!.newLock('upload-4');
    await held.lock(new AbortController().signal, () => undefined);
    await expect(b!.newLock('upload-4').lock(new AbortController().signal, () => undefined)).rejects.toEqual(UPLOAD_LOCKED);
    const gone = new AbortController();
    const waiting = b!.newLock('upload-4').lock(gone.signal, () => undefined);
    gone.abort();
    await expect(waiting).rejects.toMatchObject({ status_code: 400 });
    expect(await db.knex('video_upload_locks').where({ upload_id: 'upload-4' })).toHaveLength(1);
    await held.unlock();
  });
});
