/**
 * Issue 29: entitlements are the one source of access. Buying writes them (also a guest's purchase
 * once the owner signs in), BUSINESS's library comes and goes with the membership, a full refund
 * and an admin's revocation take access away at once — from the playback answer and from every
 * media address already handed out. Media credentials are bound to the person and the lesson.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '@api/integrations/media-store';
import { attachGuestOrders } from '@api/services/enrollments/enrollments';
import { revokeOrder } from '@api/services/enrollments/entitlements';
import { attachReadyVideo, createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const CARD = { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Pat Buyer' };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let db: TestDatabase;
let api: TestServer;
let now = new Date('2026-11-26T10:00:00.000Z');
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'learning-media-'));
let admin: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { clock: () => now, mediaStore: createLocalMediaStore(mediaDir) });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function customer(overrides: { membershipType?: string } = {}) {
  const user = await createUser(db.knex, { role: 'customer', ...overrides });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

async function buy(courseIds: string[], amount: number, headers: Record<string, string>, body: Record<string, unknown> = {}) {
  const intent = await api.request('POST', '/api/create-payment-intent', { courseIds, amount, ...body }, headers);
  expect(intent.status, intent.text).toBe(200);
  const paid = await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD });
  expect(paid.body.status).toBe('succeeded');
  return intent.body.orderId as string;
}

let keys = 0;
const write = (method: string, url: string, body?: unknown, headers = admin) =>
  api.request(method, url, body, { ...headers, 'Idempotency-Key': `learn-${++keys}` });

/** A recorded course with one ready video lesson whose HLS files sit in the media store. */
async function courseWithVideo(title = 'Recorded GMP', type = 'recorded_course') {
  const course = await createCourse(db.knex, { title, type, priceCents: 10_000 });
  const lesson = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Intro video', kind: 'video' });
  expect(lesson.status, lesson.text).toBe(201);
  const assetId = await attachReadyVideo(db.knex, lesson.body.id, 600, now);
  const dir = path.join(mediaDir, 'videos', assetId, '720p');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(mediaDir, 'videos', assetId, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720\n720p/index.m3u8\n',
  );
  fs.writeFileSync(path.join(dir, 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg_00001.ts\n#EXT-X-ENDLIST\n');
  fs.writeFileSync(path.join(dir, 'seg_00001.ts'), Buffer.alloc(4096, 7));
  return { course, lessonId: lesson.body.id as string };
}

const media = (url: string, headers: Record<string, string> = {}) => fetch(api.baseUrl + url, { headers, redirect: 'manual' });
const segmentOf = (manifestUrl: string) => manifestUrl.replace('master.m3u8', '720p/seg_00001.ts');

describe('playback for the entitled only', () => {
  it('answers 401 signed out, 403 to someone who did not buy, and a playable answer to the buyer', async () => {
    const { course, lessonId } = await courseWithVideo();
    const buyer = await customer();
    const stranger = await customer();
    expect((await api.get(`/api/lessons/${lessonId}/playback`)).status).toBe(401);
    const refused = await api.get(`/api/lessons/${lessonId}/playback`, stranger.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have access to this course.');

    await buy([course.id], 100, buyer.headers);
    const answer = await api.get(`/api/lessons/${lessonId}/playback`, buyer.headers);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ durationSeconds: 600, resumeAtSeconds: 0, noSkipping: false });
    expect(answer.body.expiresInSeconds).toBeLessThanOrEqual(600);
    const manifest = await media(answer.body.manifestUrl);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('mpegurl');
    expect(await manifest.text()).toContain('720p/index.m3u8');
    const segment = await media(segmentOf(answer.body.manifestUrl));
    expect(segment.status).toBe(200);
    expect(Buffer.from(await segment.arrayBuffer()).length).toBe(4096);
    // Seeking asks for a byte range.
    const part = await media(segmentOf(answer.body.manifestUrl), { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/4096');

    const library = await api.get('/api/me/library', buyer.headers);
    expect(library.body).toEqual([expect.objectContaining({ courseId: course.id, source: 'order', progressPercent: 0, lastLessonId: null })]);
    expect((await api.get('/api/me/library', stranger.headers)).body).toEqual([]);
  });

  it('refuses a credential used on another lesson, expired, or altered — and every media address once a full refund revoked the order', async () => {
    const first = await courseWithVideo('Course A');
    const second = await courseWithVideo('Course B');
    const buyer = await customer();
    const orderId = await buy([first.course.id, second.course.id], 200, buyer.headers);
    const a = (await api.get(`/api/lessons/${first.lessonId}/playback`, buyer.headers)).body;
    const b = (await api.get(`/api/lessons/${second.lessonId}/playback`, buyer.headers)).body;
    const credentialOfA = a.manifestUrl.split('/')[4];
    expect((await media(b.manifestUrl.replace(b.manifestUrl.split('/')[4], credentialOfA))).status).toBe(403);
    const altered = credentialOfA.slice(0, -1) + (credentialOfA.endsWith('A') ? 'B' : 'A');
    expect((await media(a.manifestUrl.replace(credentialOfA, altered))).status).toBe(403);
    expect((await media(`/media/lessons/${first.lessonId}/unsigned/master.m3u8`)).status).toBe(403);

    now = new Date(now.getTime() + 11 * 60_000);
    expect((await media(a.manifestUrl)).status).toBe(403);
    const renewed = (await api.get(`/api/lessons/${first.lessonId}/playback`, buyer.headers)).body;
    expect((await media(renewed.manifestUrl)).status).toBe(200);

    await db.knex.transaction((trx) => revokeOrder(trx, orderId, { reason: 'Refunded in full', actorId: null }, now.toISOString()));
    expect((await api.get(`/api/lessons/${first.lessonId}/playback`, buyer.headers)).status).toBe(403);
    expect((await media(renewed.manifestUrl)).status).toBe(403);
    expect((await media(segmentOf(renewed.manifestUrl))).status).toBe(403);
    expect((await api.get('/api/me/library', buyer.headers)).body).toEqual([]);
    const revoked = await db.knex('entitlements').where({ source_id: orderId });
    expect(revoked).toHaveLength(2);
    expect(revoked.every((row) => row.revoked_at && row.revoked_reason === 'Refunded in full')).toBe(true);
  });
});

describe('where entitlements come from', () => {
  it("gives a guest's purchase to the account once the owner of the address signs in", async () => {
    const { course, lessonId } = await courseWithVideo('Guest course');
    const owner = await customer();
    // Bought while signed out with the owner's address: nothing changes for the account yet.
    await buy([course.id], 100, {}, { customerEmail: owner.user.email, customerName: 'Owner' });
    expect((await api.get(`/api/lessons/${lessonId}/playback`, owner.headers)).status).toBe(403);
    await attachGuestOrders(db.knex, owner.user.id, owner.user.email, now.toISOString());
    expect((await api.get(`/api/lessons/${lessonId}/playback`, owner.headers)).status).toBe(200);
  });

  it("puts every recorded webinar in a BUSINESS member's library while the membership lasts; bought courses stay when it ends", async () => {
    const { course: webinar, lessonId: webinarLesson } = await courseWithVideo('Recorded webinar for members', 'recorded_webinar');
    const bought = await createCourse(db.knex, { title: 'Bought course', type: 'recorded_course', priceCents: 5_000 });
    const member = await customer();
    await buy([bought.id], 50, member.headers);
    const intent = await api.request(
      'POST',
      '/api/create-subscription',
      { email: member.user.email, name: 'Member', priceId: 'price_business_yearly' },
      member.headers,
    );
    expect(intent.status, intent.text).toBe(200);
    expect((await api.request('POST', '/api/test-payments/confirm', { clientSecret: intent.body.clientSecret, card: CARD })).body.status).toBe('succeeded');
    const library = (await api.get('/api/me/library', member.headers)).body as Array<{ courseId: string; source: string }>;
    expect(library.find((i) => i.courseId === webinar.id)?.source).toBe('membership');
    expect(library.find((i) => i.courseId === bought.id)?.source).toBe('order');
    // A recorded webinar published later reaches the member at the next sweep.
    const later = await createCourse(db.knex, { title: 'A later webinar', type: 'recorded_webinar', priceCents: 5_000 });
    const { syncLibraries } = await import('@api/services/enrollments/entitlements');
    expect(await syncLibraries(db.knex, now.toISOString())).toBeGreaterThanOrEqual(1);
    expect(((await api.get('/api/me/library', member.headers)).body as Array<{ courseId: string }>).some((i) => i.courseId === later.id)).toBe(true);

    expect((await api.get(`/api/lessons/${webinarLesson}/playback`, member.headers)).status).toBe(200);
    await api.app.services.checkout.endMembership(intent.body.orderId);
    expect((await api.get(`/api/lessons/${webinarLesson}/playback`, member.headers)).status).toBe(403);
    const after = (await api.get('/api/me/library', member.headers)).body as Array<{ courseId: string }>;
    expect(after.map((i) => i.courseId)).toEqual([bought.id]);
  });

  it('lets an admin grant a course until a date and revoke it with a reason; customers may do neither', async () => {
    const { course, lessonId } = await courseWithVideo('Granted course');
    const learner = await customer();
    expect((await write('POST', '/api/admin/entitlements', { email: learner.user.email, courseId: course.id }, learner.headers)).status).toBe(403);
    const granted = await write('POST', '/api/admin/entitlements', {
      email: learner.user.email,
      courseId: course.id,
      endsAt: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    expect(granted.status, granted.text).toBe(201);
    expect((await api.get(`/api/lessons/${lessonId}/playback`, learner.headers)).status).toBe(200);
    expect((await api.get('/api/me/library', learner.headers)).body[0]).toMatchObject({ courseId: course.id, source: 'grant' });
    const revoked = await write('POST', `/api/admin/entitlements/${granted.body.id}/revoke`, { reason: 'Granted by mistake' });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ revokedReason: 'Granted by mistake' });
    expect((await api.get(`/api/lessons/${lessonId}/playback`, learner.headers)).status).toBe(403);
    expect((await write('POST', `/api/admin/entitlements/${granted.body.id}/revoke`, { reason: 'Again' })).status).toBe(409);
    // A grant ends by itself.
    const timed = await write('POST', '/api/admin/entitlements', {
      email: learner.user.email,
      courseId: course.id,
      endsAt: new Date(now.getTime() + 60_000).toISOString(),
    });
    expect((await api.get(`/api/lessons/${lessonId}/playback`, learner.headers)).status).toBe(200);
    now = new Date(now.getTime() + 2 * 60_000);
    expect((await api.get(`/api/lessons/${lessonId}/playback`, learner.headers)).status).toBe(403);
    expect(timed.status).toBe(201);
  });
});
