/**
 * Image upload (back-office spec §5, §7, §9; issue 13), the same suite against both drivers: the
 * local folder (the default) and an S3-compatible server started here (s3rver). Tickets are single
 * use, signed and short-lived; files are judged by their bytes; what passes is re-encoded to WebP
 * sizes without metadata and served with a year of cache; only checked uploads may be referenced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalObjectStore, createS3ObjectStore, type ObjectStore } from '../../api/integrations/object-store';
import { createCourse, createSession, createUser } from './support/factories';
import {
  bombPngHeader,
  HTML_AS_PNG,
  htmlPolyglotPng,
  jpegWithExif,
  photoPng,
  pngOfSize,
  scriptInChunkPng,
  SVG_WITH_ONLOAD,
  truncatedPng,
} from './support/images';
import { bearer } from './support/session-client';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const MAX = 10_485_760;

interface Driver {
  name: 'local' | 's3';
  store(): Promise<ObjectStore>;
  stop(): Promise<void>;
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'upload-test-'));

const local: Driver = {
  name: 'local',
  store: async () => createLocalObjectStore(tmp()),
  stop: async () => undefined,
};

let s3server: S3rver | null = null;
const s3: Driver = {
  name: 's3',
  async store() {
    s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tmp(), configureBuckets: [{ name: 'course-images' }] });
    const { port } = await s3server.run();
    return createS3ObjectStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'course-images',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: undefined,
    });
  },
  stop: async () => void (await s3server?.close()),
};

describe.each([local, s3])('uploads with the $name driver', (driver) => {
  let db: TestDatabase;
  let api: TestServer;
  let store: ObjectStore;
  let staff: Record<string, string>;
  let now = new Date();

  beforeAll(async () => {
    db = await createTestDatabase();
    store = await driver.store();
    api = await startTestServer(db.knex, { objectStore: store, clock: () => now });
    const admin = await createUser(db.knex, { role: 'admin' });
    staff = bearer(await createSession(db.knex, admin.id));
  });

  afterAll(async () => {
    await api?.close();
    await db?.destroy();
    await driver.stop();
  });

  const ticket = async (hints: Record<string, unknown> = {}, headers = staff) => api.request('POST', '/api/objects/upload', hints, headers);
  /** PUT to the ticket's address (this server's or the bucket's), as the browser does. */
  const put = (uploadURL: string, bytes: Buffer, contentType = 'image/png') =>
    fetch(uploadURL.startsWith('/') ? api.baseUrl + uploadURL : uploadURL, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'Content-Type': contentType },
    });
  /** The whole flow: ticket, PUT, complete; the answer of the step that decided. */
  async function upload(bytes: Buffer, contentType = 'image/png') {
    const t = await ticket();
    expect(t.status).toBe(201);
    const sent = await put(t.body.uploadURL, bytes, contentType);
    if (driver.name === 'local' && sent.status !== 200) return { status: sent.status, body: await sent.json(), ticket: t.body };
    expect(sent.status).toBe(200);
    const done = await api.request('POST', t.body.completeURL, undefined, staff);
    return { status: done.status, body: done.body, ticket: t.body };
  }

  it('accepts a PNG of exactly 10 MB and serves it re-encoded, with a small size for cards', async () => {
    const file = await pngOfSize(MAX);
    expect(file.length).toBe(MAX);
    const { status, body, ticket: t } = await upload(file);
    expect(status).toBe(200);
    expect(body.objectPath).toBe(t.objectPath);
    expect(t.objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}\.webp$/);

    const served = await api.get(t.objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await api.get(t.objectPath, { 'If-None-Match': etag })).status).toBe(304);
  });

  it('makes a 400 px size and strips metadata such as EXIF', async () => {
    const { status, ticket: t } = await upload(await jpegWithExif(), 'image/jpeg');
    expect(status).toBe(200);
    const small = await fetch(api.baseUrl + t.objectPath.replace('.webp', '-400.webp'));
    expect(small.status).toBe(200);
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(400);
    expect(meta.exif).toBeUndefined();
    const large = await sharp(Buffer.from(await (await fetch(api.baseUrl + t.objectPath)).arrayBuffer())).metadata();
    expect(large.width).toBe(640);
  });

  it('refuses 10 MB + 1 byte with 413 and keeps nothing', async () => {
    const { status, body, ticket: t } = await upload(await pngOfSize(MAX + 1));
    expect(status).toBe(413);
    expect(body.message).toBe('File size must be less than 10MB');
    const id = /([0-9a-f-]{36})/.exec(t.objectPath)![1]!;
    expect(await store.incomingSize(id)).toBeNull();
    expect((await api.get(t.objectPath)).status).toBe(404);
    expect((await db.knex('uploaded_objects').where({ id }).first()).status).toBe('rejected');
  });

  it('refuses files that are not really PNG, JPEG or WebP (415), whatever their declared type', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['HTML renamed .png', HTML_AS_PNG, 'Please select an image file'],
      ['SVG with onload', SVG_WITH_ONLOAD, 'Please select an image file'],
      ['a PNG with a page after its end', await htmlPolyglotPng(), 'Please select an image file'],
      ['a PNG with a script in a text chunk', await scriptInChunkPng(), 'Please select an image file'],
      ['a truncated PNG', await truncatedPng(), 'Please select an image file'],
      ['a 30,000 × 30,000 PNG header', bombPngHeader(), 'The image is too large: at most 40 megapixels'],
    ];
    for (const [what, bytes, message] of cases) {
      const { status, body, ticket: t } = await upload(bytes);
      expect(status, what).toBe(415);
      expect(body.message, what).toBe(message);
      expect((await api.get(t.objectPath)).status, what).toBe(404);
    }
  });

  it('refuses a wrong file early from the hints', async () => {
    expect((await ticket({ contentType: 'image/svg+xml', size: 100 })).status).toBe(415);
    const big = await ticket({ contentType: 'image/png', size: MAX + 1 });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File size must be less than 10MB');
    expect((await ticket({ size: 'big' })).status).toBe(400);
  });

  it('is for staff only', async () => {
    const customer = await createUser(db.knex, { role: 'customer' });
    expect((await ticket({}, bearer(await createSession(db.knex, customer.id)))).status).toBe(403);
    expect((await api.request('POST', '/api/objects/upload', {})).status).toBe(401);
    const t = await ticket();
    const other = await createUser(db.knex, { role: 'contributor' });
    expect((await api.request('POST', t.body.completeURL, undefined, bearer(await createSession(db.knex, other.id)))).status).toBe(404);
  });

  it('does not let a path leave the uploads', async () => {
    for (const name of ['..%2F..%2Fpackage.json', '%2e%2e%2fpackage.json', '..', 'x%00.webp', `${'0'.repeat(36)}.webp`, 'incoming', '..%5cpackage.json']) {
      const res = await api.get(`/objects/uploads/${name}`);
      expect(res.status, name).toBe(404);
    }
    expect((await api.get('/objects/uploads/../../package.json')).status).not.toBe(200);
  });

  it('only checked uploads and the seeded images may be referenced by a course or an instructor', async () => {
    const { ticket: good } = await upload(await photoPng());
    const pending = (await ticket()).body.objectPath;
    const course = await createCourse(db.knex, { title: 'Imaged', type: 'recorded_course' });
    const save = (image: string) =>
      api.request('PUT', `/api/courses/${course.id}`, { title: 'Imaged', shortDescription: 'With a picture', instructorName: 'Dr. Image', image }, staff);
    const first = await save(good.objectPath);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    for (const bad of [pending, '/objects/uploads/6f1c1d3e-0000-4000-8000-000000000000.webp', '/images/not-in-the-catalogue.svg']) {
      const res = await save(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Please upload the image again: this image is not available');
    }
    expect((await db.knex('courses').where({ id: course.id }).first()).image).toBe(good.objectPath);
    expect((await save('/images/course-fallback.svg')).status).toBe(200);
    expect((await api.request('POST', '/api/instructors', { name: 'Dr. Photo', image: pending }, staff)).status).toBe(400);
    expect((await api.request('POST', '/api/instructors', { name: 'Dr. Photo', image: good.objectPath }, staff)).status).toBe(201);
  });

  it('a sweep rejects abandoned tickets and removes images nothing references', async () => {
    const { ticket: kept } = await upload(await photoPng(100, 100));
    const { ticket: dropped } = await upload(await photoPng(120, 100));
    const abandoned = (await ticket()).body;
    const course = await createCourse(db.knex, { title: 'Keeps its image', type: 'recorded_course' });
    expect(
      (
        await api.request(
          'PUT',
          `/api/courses/${course.id}`,
          { title: 'Keeps its image', shortDescription: 'With a picture', instructorName: 'Dr. Image', image: kept.objectPath },
          staff,
        )
      ).status,
    ).toBe(200);

    const before = now;
    now = new Date(now.getTime() + 25 * 60 * 60_000);
    const result = await api.app.services.uploads.sweep();
    now = before;
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(result.abandoned).toBeGreaterThanOrEqual(1);
    expect((await api.get(dropped.objectPath)).status).toBe(404);
    expect((await api.get(dropped.objectPath.replace('.webp', '-400.webp'))).status).toBe(404);
    expect((await api.get(kept.objectPath)).status).toBe(200);
    expect((await db.knex('uploaded_objects').where({ path: abandoned.objectPath }).first()).status).toBe('rejected');
    expect(await store.getFinished(dropped.objectPath.slice('/objects/uploads/'.length))).toBeNull();
  });

  if (driver.name === 'local') {
    it('an upload address works once, before it expires, and only as signed', async () => {
      const png = await photoPng(50, 50);
      const once = (await ticket()).body;
      expect((await put(once.uploadURL, png)).status).toBe(200);
      const again = await put(once.uploadURL, png);
      expect(again.status).toBe(403);

      const altered = (await ticket()).body;
      const url = new URL(altered.uploadURL, api.baseUrl);
      const sig = url.searchParams.get('signature')!;
      url.searchParams.set('signature', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
      expect((await put(url.pathname + url.search, png)).status).toBe(403);
      const later = new URL(altered.uploadURL, api.baseUrl);
      later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 60_000));
      expect((await put(later.pathname + later.search, png)).status).toBe(403);
      const otherId = (await ticket()).body.objectPath.match(/([0-9a-f-]{36})/)![1]!;
      expect((await put(altered.uploadURL.replace(/uploads\/[0-9a-f-]{36}/, `uploads/${otherId}`), png)).status).toBe(403);
      // The genuine address still works: the refused attempts used nothing up.
      expect((await put(altered.uploadURL, png)).status).toBe(200);

      // Without a declared length the limit holds while streaming: the byte after 10 MB ends it.
      const chunked = (await ticket()).body;
      const big = await pngOfSize(MAX + 1);
      const stream = new ReadableStream({
        start(controller) {
          for (let at = 0; at < big.length; at += 65_536) controller.enqueue(new Uint8Array(big.subarray(at, at + 65_536)));
          controller.close();
        },
      });
      const streamed = await fetch(api.baseUrl + chunked.uploadURL, {
        method: 'PUT',
        body: stream,
        headers: { 'Content-Type': 'image/png' },
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(await store.incomingSize(chunked.objectPath.match(/([0-9a-f-]{36})/)![1]!)).toBeNull();

      const expiring = (await ticket()).body;
      now = new Date(now.getTime() + 11 * 60_000);
      expect((await put(expiring.uploadURL, png)).status).toBe(403);
    });
  } else {
    it('the presigned address is S3’s own, and the object is checked only after the upload', async () => {
      const t = (await ticket()).body;
      expect(t.uploadURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/course-images\/incoming\/[0-9a-f-]{36}\?.*X-Amz-Signature=/);
      expect((await api.request('POST', t.completeURL, undefined, staff)).status).toBe(400);
    });
  }
});
