/**
 * Issue 29: a lesson's PDF in the media store follows the database. Replaced (PUT
 * /api/lessons/:id/document again) or deleted with its lesson, the old object is removed once the
 * change committed — never while a row still names it — and the new one is served; a PDF whose
 * change fails is removed too. The same with the folder store and with S3 (s3rver, started here).
 * Captions live in their rows: deleted with their lesson. On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore, createS3MediaStore, type MediaStore } from '@api/integrations/media-store';
import { createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello\n';

let db: TestDatabase;
let s3server: S3rver;
let admin: Record<string, string>;
const dirs: string[] = [];
const servers: TestServer[] = [];
const stores: MediaStore[] = [];
/** Every removal the stores were asked for, and any made while a lesson row still named the file. */
const removed: string[] = [];
const tooEarly: string[] = [];
/** Run once after a PDF is stored, before the database points at it (a concurrent change). */
let afterPut: (() => Promise<void>) | undefined;

/** `store`, checking at each removal of a PDF that no lesson names it any more. */
function watched(store: MediaStore): MediaStore {
  return Object.assign(Object.create(store) as MediaStore, {
    async putBuffer(key: string, data: Buffer, type: string) {
      await store.putBuffer(key, data, type);
      const run = afterPut;
      afterPut = undefined;
      await run?.();
    },
    async delete(key: string) {
      const name = /^documents\/(.+)\.pdf$/.exec(key)?.[1];
      if (name && (await db.knex('lessons').where('document_name', name).first())) tooEarly.push(key);
      removed.push(key);
      await store.delete(key);
    },
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = { Authorization: `Bearer ${await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id)}` };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lesson-media-'));
  const bucket = fs.mkdtempSync(path.join(os.tmpdir(), 'lesson-media-s3-'));
  dirs.push(folder, bucket);
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: bucket, configureBuckets: [{ name: 'lesson-media' }] });
  const { port } = await s3server.run();
  const s3 = createS3MediaStore({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'lesson-media',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: undefined,
  });
  stores.push(watched(createLocalMediaStore(folder)), watched(s3));
  for (const mediaStore of stores) servers.push(await startTestServer(db.knex, { mediaStore }));
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await s3server?.close();
  await db?.destroy();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['the folder store', 0],
  ['S3', 1],
])('a lesson PDF in %s', (_name, index) => {
  let keys = 0;
  const api = () => servers[index]!;
  const store = () => stores[index]!;
  const write = (method: string, url: string, body?: unknown) => api().request(method, url, body, { ...admin, 'Idempotency-Key': `media-${index}-${++keys}` });
  const putPdf = async (lessonId: string, data: Buffer) => {
    const answer = await fetch(`${api().baseUrl}/api/lessons/${lessonId}/document`, {
      method: 'PUT',
      body: new Uint8Array(data),
      headers: { ...admin, 'Content-Type': 'application/pdf' },
    });
    return {
      status: answer.status,
      name: ((await db.knex('lessons').where('id', lessonId).first()) as { document_name: string | null } | undefined)?.document_name,
    };
  };
  const served = async (lessonId: string) => {
    const answer = await fetch(`${api().baseUrl}/api/lessons/${lessonId}/document`, { headers: admin });
    return answer.status === 200 ? Buffer.from(await answer.arrayBuffer()).toString('latin1') : answer.status;
  };
  const exists = async (name: string | null | undefined) => (await store().size(`documents/${name}.pdf`)) !== null;

  async function documentLesson(title: string) {
    const course = await createCourse(db.knex, { title, type: 'recorded_course' });
    const lesson = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Slides', kind: 'document' });
    expect(lesson.status, lesson.text).toBe(201);
    return { courseId: course.id, lessonId: lesson.body.id as string };
  }

  it('replaced: the old object is gone once the lesson names the new one, and the new one is served', async () => {
    const { lessonId } = await documentLesson(`Replaced ${index}`);
    const first = await putPdf(lessonId, pdf('first'));
    expect(first.status).toBe(200);
    expect(await exists(first.name)).toBe(true);
    expect(await served(lessonId)).toContain('% first');

    const second = await putPdf(lessonId, pdf('second'));
    expect(second.status).toBe(200);
    expect(second.name).not.toBe(first.name);
    expect(await exists(first.name)).toBe(false);
    expect(await exists(second.name)).toBe(true);
    expect(await served(lessonId)).toContain('% second');
    expect(removed).toContain(`documents/${first.name}.pdf`);
    expect(tooEarly).toEqual([]);
  });

  it('deleted with its lesson: the PDF and the captions go once the lesson is gone', async () => {
    const { courseId, lessonId } = await documentLesson(`Deleted ${index}`);
    const { name } = await putPdf(lessonId, pdf('handout'));
    expect(await exists(name)).toBe(true);
    const video = await write('POST', `/api/courses/${courseId}/lessons`, { title: 'Talk', kind: 'video' });
    expect((await write('PUT', `/api/lessons/${video.body.id}/captions/en`, { label: 'English', vtt: VTT })).status).toBe(204);

    expect((await write('DELETE', `/api/lessons/${lessonId}`)).status).toBe(204);
    expect(await exists(name)).toBe(false);
    expect(await served(lessonId)).toBe(404);
    expect((await write('DELETE', `/api/lessons/${video.body.id}`)).status).toBe(204);
    expect(await db.knex('lesson_captions').where('lesson_id', video.body.id)).toEqual([]);
    expect(tooEarly).toEqual([]);
  });

  it('a PDF whose change fails (its lesson deleted while it was stored) is removed, and the old one stays until the delete committed', async () => {
    const { lessonId } = await documentLesson(`Raced ${index}`);
    const { name: old } = await putPdf(lessonId, pdf('old'));
    const before = new Set(removed);
    afterPut = async () => {
      expect((await write('DELETE', `/api/lessons/${lessonId}`)).status).toBe(204);
    };
    const raced = await fetch(`${api().baseUrl}/api/lessons/${lessonId}/document`, {
      method: 'PUT',
      body: new Uint8Array(pdf('late')),
      headers: { ...admin, 'Content-Type': 'application/pdf' },
    });
    expect(raced.status).toBe(404);
    const newlyRemoved = removed.filter((key) => !before.has(key));
    // The old PDF (by the delete, after its commit) and the late one (by its failed change).
    expect(newlyRemoved).toHaveLength(2);
    expect(newlyRemoved[0]).toBe(`documents/${old}.pdf`);
    for (const key of newlyRemoved) expect(await store().size(key)).toBeNull();
    expect(tooEarly).toEqual([]);
  });

  it('a refused PDF changes nothing: the stored one stays and is still served', async () => {
    const { lessonId } = await documentLesson(`Refused ${index}`);
    const { name } = await putPdf(lessonId, pdf('kept'));
    const refused = await fetch(`${api().baseUrl}/api/lessons/${lessonId}/document`, {
      method: 'PUT',
      body: new Uint8Array(Buffer.from('PK\x03\x04 a zip')),
      headers: { ...admin, 'Content-Type': 'application/pdf' },
    });
    expect(refused.status).toBe(415);
    expect(await exists(name)).toBe(true);
    expect(await served(lessonId)).toContain('% kept');
  });
});
