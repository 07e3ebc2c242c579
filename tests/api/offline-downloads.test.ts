/**
 * Issue 34, point 1 (server): a course's download package for the entitled (syllabus, the MP4 and
 * PDFs with sizes and short-lived addresses, read by byte ranges), its ES256 licence — checked with
 * WebCrypto and the public key alone, as the browser does — ending at the entitlement's end when
 * that is sooner, and renewal that names the courses no longer the person's. On SQLite and
 * (TEST_MYSQL_URL) MariaDB.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { attachReadyVideo, createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let db: TestDatabase;
let api: TestServer;
let now = new Date('2026-11-26T10:00:00.000Z');
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-media-'));
let admin: Record<string, string>;
let keys = 0;
const write = (method: string, url: string, body?: unknown, headers = admin) =>
  api.request(method, url, body, { ...headers, 'Idempotency-Key': `offline-${++keys}` });

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now, mediaStore: createLocalMediaStore(mediaDir) });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const MP4 = crypto.randomBytes(10_000);

/** A recorded course: a ready video lesson (its MP4 in the media store) and a text page. */
async function course() {
  const created = await createCourse(db.knex, { title: 'GMP offline', type: 'recorded_course', priceCents: 10_000 });
  const video = await write('POST', `/api/courses/${created.id}/lessons`, { title: 'Intro video', kind: 'video' });
  const text = await write('POST', `/api/courses/${created.id}/lessons`, { title: 'Reading', kind: 'text' });
  expect(video.status, video.text).toBe(201);
  expect(text.status, text.text).toBe(201);
  const assetId = await attachReadyVideo(db.knex, video.body.id, 120, now);
  fs.mkdirSync(path.join(mediaDir, 'videos', assetId), { recursive: true });
  fs.writeFileSync(path.join(mediaDir, 'videos', assetId, 'video.mp4'), MP4);
  return { courseId: created.id, videoLessonId: video.body.id as string, textLessonId: text.body.id as string };
}

async function learner() {
  const user = await createUser(db.knex, { role: 'customer' });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

async function grant(email: string, courseId: string, endsAt?: Date) {
  const granted = await write('POST', '/api/admin/entitlements', { email, courseId, ...(endsAt ? { endsAt: endsAt.toISOString() } : {}) });
  expect(granted.status, granted.text).toBe(201);
  return granted.body.id as string;
}

/** What the browser does: the licence's signature checked with WebCrypto and the served public key. */
async function browserVerifies(licence: string): Promise<boolean> {
  const { jwk } = (await api.get('/api/offline-licence-key')).body;
  const key = await crypto.webcrypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const [body, signature] = licence.split('.');
  return crypto.webcrypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, Buffer.from(signature!, 'base64url'), new TextEncoder().encode(body));
}
const payloadOf = (licence: string) => JSON.parse(Buffer.from(licence.split('.')[0]!, 'base64url').toString('utf8'));

describe('a course download', () => {
  it('gives the entitled the syllabus, the files with sizes, and a licence the browser can check; nobody else gets it', async () => {
    const { courseId, videoLessonId, textLessonId } = await course();
    const person = await learner();
    expect((await api.request('POST', `/api/courses/${courseId}/download`)).status).toBe(401);
    const refused = await api.request('POST', `/api/courses/${courseId}/download`, undefined, person.headers);
    expect(refused.status).toBe(403);
    await grant(person.user.email, courseId);

    const answer = await api.request('POST', `/api/courses/${courseId}/download`, undefined, person.headers);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ courseId, title: 'GMP offline', totalBytes: MP4.length });
    expect(answer.body.files).toEqual([{ lessonId: videoLessonId, file: 'video.mp4', bytes: MP4.length, url: expect.stringMatching(/^\/media\/lessons\//) }]);
    const lessons = answer.body.syllabus.modules.flatMap((m: { lessons: unknown[] }) => m.lessons);
    expect(lessons.map((l: { id: string }) => l.id)).toEqual([videoLessonId, textLessonId]);
    expect(lessons[1]).toHaveProperty('body');

    // The MP4 is read in chunks: byte ranges.
    const chunk = await fetch(api.baseUrl + answer.body.files[0].url, { headers: { Range: 'bytes=4000-4999' } });
    expect(chunk.status).toBe(206);
    expect(Buffer.from(await chunk.arrayBuffer()).equals(MP4.subarray(4000, 5000))).toBe(true);

    // The licence: this person, this course, 30 days; one changed character and it fails.
    expect(await browserVerifies(answer.body.licence)).toBe(true);
    expect(payloadOf(answer.body.licence)).toEqual({
      v: 1,
      sub: person.user.id,
      course: courseId,
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 30 * 86_400,
    });
    expect(answer.body.licenceExpiresAt).toBe(new Date(now.getTime() + 30 * 86_400_000).toISOString());
    const [body, signature] = answer.body.licence.split('.');
    const longer = Buffer.from(JSON.stringify({ ...payloadOf(answer.body.licence), exp: 4_000_000_000 })).toString('base64url');
    expect(await browserVerifies(`${longer}.${signature}`)).toBe(false);
    expect(await browserVerifies(`${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`)).toBe(false);
  });

  it('keeps a video’s captions with it: each language with its label and size, read like the video', async () => {
    const { courseId, videoLessonId } = await course();
    // Non-Latin text: the size is in UTF-8 bytes, as the device counts what it stores.
    const german = 'WEBVTT\n\n00:00.000 --> 00:02.000\nGrüße aus der Qualitätssicherung\n';
    const english = 'WEBVTT\n\n00:00.000 --> 00:02.000\nGreetings from quality assurance\n';
    for (const [lang, label, vtt] of [
      ['en', 'English', english],
      ['de', 'Deutsch', german],
    ] as const) {
      const put = await write('PUT', `/api/lessons/${videoLessonId}/captions/${lang}`, { label, vtt });
      expect(put.status, put.text).toBe(204);
    }
    const person = await learner();
    await grant(person.user.email, courseId);

    const answer = await api.request('POST', `/api/courses/${courseId}/download`, undefined, person.headers);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.files).toEqual([
      { lessonId: videoLessonId, file: 'video.mp4', bytes: MP4.length, url: expect.stringMatching(/^\/media\/lessons\//) },
      {
        lessonId: videoLessonId,
        file: 'captions/de.vtt',
        label: 'Deutsch',
        bytes: Buffer.byteLength(german),
        url: expect.stringMatching(/\/captions\/de\.vtt$/),
      },
      {
        lessonId: videoLessonId,
        file: 'captions/en.vtt',
        label: 'English',
        bytes: Buffer.byteLength(english),
        url: expect.stringMatching(/\/captions\/en\.vtt$/),
      },
    ]);
    expect(answer.body.totalBytes).toBe(MP4.length + Buffer.byteLength(german) + Buffer.byteLength(english));
    expect(Buffer.byteLength(german)).toBeGreaterThan(german.length);

    // Fetched as the device fetches every file: one range over all its bytes, answered whole.
    const de = answer.body.files[1];
    const fetched = await fetch(api.baseUrl + de.url, { headers: { Range: `bytes=0-${de.bytes - 1}` } });
    expect([200, 206]).toContain(fetched.status);
    const bytes = Buffer.from(await fetched.arrayBuffer());
    expect(bytes.length).toBe(de.bytes);
    expect(bytes.toString('utf8')).toBe(german);
  });

  it('ends the licence with the entitlement when that is sooner, and refuses a course with nothing to keep', async () => {
    const { courseId } = await course();
    const person = await learner();
    const end = new Date(now.getTime() + 5 * 86_400_000);
    await grant(person.user.email, courseId, end);
    const answer = await api.request('POST', `/api/courses/${courseId}/download`, undefined, person.headers);
    expect(answer.body.licenceExpiresAt).toBe(end.toISOString());
    expect(payloadOf(answer.body.licence).exp).toBe(end.getTime() / 1000);

    const empty = await createCourse(db.knex, { title: 'No lessons', type: 'recorded_course', priceCents: 1000 });
    await grant(person.user.email, empty.id);
    const nothing = await api.request('POST', `/api/courses/${empty.id}/download`, undefined, person.headers);
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('This course has nothing to download yet.');
    expect((await api.request('POST', `/api/courses/${'f'.repeat(65)}/download`, undefined, person.headers)).status).toBe(404);
  });
});

describe('renewing licences when online', () => {
  it('renews the courses still the person’s and names the revoked and the never-owned', async () => {
    const kept = await course();
    const lost = await course();
    const never = await course();
    const person = await learner();
    await grant(person.user.email, kept.courseId);
    const grantId = await grant(person.user.email, lost.courseId);
    expect((await write('POST', `/api/admin/entitlements/${grantId}/revoke`, { reason: 'Refunded by phone' })).status).toBe(200);

    now = new Date(now.getTime() + 2 * 86_400_000);
    const renewed = await api.request('POST', '/api/me/offline-licences', { courseIds: [kept.courseId, lost.courseId, never.courseId] }, person.headers);
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.revoked).toEqual([lost.courseId, never.courseId]);
    expect(renewed.body.licences).toEqual([
      { courseId: kept.courseId, licence: expect.any(String), licenceExpiresAt: new Date(now.getTime() + 30 * 86_400_000).toISOString() },
    ]);
    expect(await browserVerifies(renewed.body.licences[0].licence)).toBe(true);
    expect(payloadOf(renewed.body.licences[0].licence)).toMatchObject({ sub: person.user.id, course: kept.courseId });
  });

  it('refuses bad input with 400 and the signed-out with 401', async () => {
    const person = await learner();
    expect((await api.request('POST', '/api/me/offline-licences', { courseIds: ['a'] })).status).toBe(401);
    for (const body of [
      {},
      { courseIds: 'a' },
      { courseIds: [1] },
      { courseIds: ['a', 'a'] },
      { courseIds: Array.from({ length: 101 }, (_, i) => `c${i}`) },
      { courseIds: [], extra: 1 },
    ]) {
      const answer = await api.request('POST', '/api/me/offline-licences', body, person.headers);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.request('POST', '/api/me/offline-licences', { courseIds: [] }, person.headers)).body).toEqual({ licences: [], revoked: [] });
  });
});
