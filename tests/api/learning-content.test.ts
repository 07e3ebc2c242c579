/**
 * Issue 29: a course's content. Staff build modules and lessons (video, document, text), reorder
 * them and attach PDFs and captions; anyone reads the syllabus, only the entitled (and staff) the
 * bodies, documents and transcript — and a lesson's material only with a tier that promises it.
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createPricingTier, createSession, createUser, grantEntitlement } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let keys = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex, { limits: { documentMaxMb: 0.001 } });
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const write = (method: string, url: string, body?: unknown, headers = admin) =>
  api.request(method, url, body, { ...headers, 'Idempotency-Key': `content-${++keys}` });
const putBytes = (url: string, data: Buffer, type: string, headers = admin) =>
  fetch(api.baseUrl + url, { method: 'PUT', body: new Uint8Array(data), headers: { ...headers, 'Content-Type': type } }).then(async (r) => ({
    status: r.status,
    body: await r.json().catch(() => null),
  }));

async function person(role = 'customer') {
  const user = await createUser(db.knex, { role });
  return { user, headers: auth(await createSession(db.knex, user.id)) };
}

async function grant(email: string, courseId: string) {
  const granted = await write('POST', '/api/admin/entitlements', { email, courseId });
  expect(granted.status, granted.text).toBe(201);
}

describe('building a course', () => {
  it('adds modules and three kinds of lesson, reorders them, and shows anyone the syllabus without bodies', async () => {
    const course = await createCourse(db.knex, { title: 'Content course', type: 'recorded_course' });
    const mod = await write('POST', `/api/courses/${course.id}/modules`, { title: 'Module 1' });
    expect(mod.status, mod.text).toBe(201);
    const video = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Video', kind: 'video', moduleId: mod.body.id });
    const doc = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Handout', kind: 'document', moduleId: mod.body.id });
    const text = await write('POST', `/api/courses/${course.id}/lessons`, {
      title: 'Reading',
      kind: 'text',
      moduleId: mod.body.id,
      body: '<p>Hello <strong>GMP</strong></p><script>alert(1)</script><img src=x onerror=alert(2)>',
    });
    expect([video.status, doc.status, text.status]).toEqual([201, 201, 201]);
    expect(text.body.body).toContain('<strong>GMP</strong>');
    expect(text.body.body).not.toMatch(/script|onerror/);

    const order = await write('PUT', `/api/courses/${course.id}/lessons/order`, { ids: [text.body.id, video.body.id, doc.body.id] });
    expect(order.status, order.text).toBe(204);
    const renamed = await write('PUT', `/api/lessons/${video.body.id}`, { title: 'Welcome video' });
    expect(renamed.body.title).toBe('Welcome video');

    const publicView = await api.get(`/api/courses/${course.id}/lessons`);
    expect(publicView.status).toBe(200);
    expect(publicView.body.entitled).toBe(false);
    expect(publicView.body.modules).toEqual([
      {
        id: mod.body.id,
        title: 'Module 1',
        lessons: [
          { id: text.body.id, title: 'Reading', kind: 'text' },
          { id: video.body.id, title: 'Welcome video', kind: 'video' },
          { id: doc.body.id, title: 'Handout', kind: 'document' },
        ],
      },
    ]);
    const staffView = await api.get(`/api/courses/${course.id}/lessons`, admin);
    expect(staffView.body.modules[0].lessons[0].body).toContain('GMP');

    // Deleting a module keeps its lessons, outside any module.
    expect((await write('DELETE', `/api/modules/${mod.body.id}`)).status).toBe(204);
    const after = await api.get(`/api/courses/${course.id}/lessons`);
    expect(after.body.modules).toEqual([
      expect.objectContaining({ id: null, lessons: expect.arrayContaining([expect.objectContaining({ id: video.body.id })]) }),
    ]);
    expect((await write('DELETE', `/api/lessons/${doc.body.id}`)).status).toBe(204);
    expect((await api.get(`/api/courses/${course.id}/lessons`)).body.modules[0].lessons).toHaveLength(2);
  });

  it('refuses bad writes with a 4xx and changes nothing', async () => {
    const course = await createCourse(db.knex, { title: 'Guarded', type: 'recorded_course' });
    const other = await createCourse(db.knex, { title: 'Elsewhere', type: 'recorded_course' });
    const foreignModule = await write('POST', `/api/courses/${other.id}/modules`, { title: 'Not yours' });
    const lesson = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'A lesson', kind: 'text', body: '<p>x</p>' });
    const customer = await person();
    // Customers and signed-out callers may not write.
    expect((await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Mine', kind: 'text' }, customer.headers)).status).toBe(403);
    expect((await api.request('POST', `/api/courses/${course.id}/lessons`, { title: 'Anon', kind: 'text' }, { 'Idempotency-Key': 'anon-1' })).status).toBe(401);
    // A lesson moved into another course's module.
    const moved = await write('PUT', `/api/lessons/${lesson.body.id}`, { moduleId: foreignModule.body.id });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('The module belongs to another course.');
    expect((await write('POST', `/api/courses/${course.id}/lessons`, { title: '', kind: 'text' })).status).toBe(400);
    expect((await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Audio', kind: 'audio' })).status).toBe(400);
    // An order that leaves a lesson out, or names another course's.
    expect((await write('PUT', `/api/courses/${course.id}/lessons/order`, { ids: [] })).status).toBe(400);
    expect((await write('PUT', `/api/courses/${course.id}/lessons/order`, { ids: [foreignModule.body.id] })).status).toBe(400);
    // A video that was never uploaded.
    const videoLesson = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Video', kind: 'video' });
    expect((await write('PUT', `/api/lessons/${videoLesson.body.id}`, { videoUploadId: 'no-such-upload' })).status).toBe(400);
    const syllabus = (await api.get(`/api/courses/${course.id}/lessons`)).body;
    expect(syllabus.modules.flatMap((m: { lessons: unknown[] }) => m.lessons)).toHaveLength(2);
    expect((await api.get('/api/courses/00000000-0000-4000-8000-000000000000/lessons')).status).toBe(404);
  });
});

describe('documents, text and transcript for the entitled', () => {
  it('takes a PDF checked by its bytes within DOCUMENT_MAX_MB, and hands it only to the entitled whose tier includes it', async () => {
    const course = await createCourse(db.knex, { title: 'Handout course', type: 'recorded_course' });
    const plain = await createPricingTier(db.knex, course.id, { name: 'Plain' });
    const full = await createPricingTier(db.knex, course.id, { name: 'With slides' });
    const doc = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Slides', kind: 'document' });
    expect((await putBytes(`/api/lessons/${doc.body.id}/document`, Buffer.from('PK\x03\x04 not a pdf'), 'application/pdf')).status).toBe(415);
    expect((await putBytes(`/api/lessons/${doc.body.id}/document`, PDF, 'image/png')).status).toBe(415);
    expect((await putBytes(`/api/lessons/${doc.body.id}/document`, Buffer.concat([PDF, Buffer.alloc(2000)]), 'application/pdf')).status).toBe(413);
    const customer = await person();
    expect((await putBytes(`/api/lessons/${doc.body.id}/document`, PDF, 'application/pdf', customer.headers)).status).toBe(403);
    expect((await api.get(`/api/lessons/${doc.body.id}/document`, admin)).status).toBe(404);
    const stored = await putBytes(`/api/lessons/${doc.body.id}/document`, PDF, 'application/pdf');
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ hasDocument: true, documentBytes: PDF.length });

    // Not entitled: 403; entitled: a short-lived address that serves the PDF.
    expect((await api.get(`/api/lessons/${doc.body.id}/document`, customer.headers)).status).toBe(403);
    await grant(customer.user.email, course.id);
    const pdf = await fetch(`${api.baseUrl}/api/lessons/${doc.body.id}/document`, { headers: customer.headers });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);

    // Limited to the tier that promises it: a buyer of the plain tier is told, not given a broken link.
    expect((await write('PUT', `/api/lessons/${doc.body.id}`, { materialTierIds: [full.id] })).status).toBe(200);
    // Only this course's tiers: another course's tier or an unknown id is refused.
    const elsewhere = await createPricingTier(db.knex, (await createCourse(db.knex, { title: 'Another course' })).id, { name: 'Not ours' });
    expect((await write('PUT', `/api/lessons/${doc.body.id}`, { materialTierIds: [full.id, elsewhere.id] })).status).toBe(400);
    const plainBuyer = await person();
    await grantEntitlement(db.knex, {
      userId: plainBuyer.user.id,
      courseId: course.id,
      source: 'order',
      pricingTierId: plain.id,
      startsAt: '2020-01-01T00:00:00.000Z',
    });
    const refused = await api.get(`/api/lessons/${doc.body.id}/document`, plainBuyer.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This material comes with another tier of this course.');
    const view = (await api.get(`/api/courses/${course.id}/lessons`, plainBuyer.headers)).body;
    expect(view.modules[0].lessons[0]).toMatchObject({ hasDocument: true, materialIncluded: false });
  });

  it('serves the transcript from WebVTT captions to the entitled, and refuses a file that is not WebVTT', async () => {
    const course = await createCourse(db.knex, { title: 'Captioned', type: 'recorded_course' });
    const video = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Talk', kind: 'video' });
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nGood manufacturing <b>practice</b>\n\n00:01:05.500 --> 00:01:09.000\nDeviation handling\n';
    expect((await api.request('PUT', `/api/lessons/${video.body.id}/captions/en`, { label: 'English', vtt: 'hello there' }, admin)).status).toBe(400);
    expect((await api.request('PUT', `/api/lessons/${video.body.id}/captions/en`, { label: 'English', vtt }, admin)).status).toBe(204);
    const learner = await person();
    expect((await api.get(`/api/lessons/${video.body.id}/transcript`, learner.headers)).status).toBe(403);
    await grant(learner.user.email, course.id);
    const transcript = await api.get(`/api/lessons/${video.body.id}/transcript`, learner.headers);
    expect(transcript.body).toEqual({
      lang: 'en',
      cues: [
        { start: 1, end: 4, text: 'Good manufacturing practice' },
        { start: 65.5, end: 69, text: 'Deviation handling' },
      ],
    });
  });
});
