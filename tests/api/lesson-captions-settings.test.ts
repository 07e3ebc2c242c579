/**
 * Issue 29, the Content tab's course and caption settings: "no skipping ahead" (PUT
 * /api/courses/:id/content-settings, read back in the syllabus and the learner's rules), and a
 * video lesson's captions — listed for staff (language, label), replaced for the same language,
 * deleted by language (DELETE /api/lessons/:id/captions/:lang: 404 unknown, 403 for customers).
 * On SQLite and (TEST_MYSQL_URL) MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTIONS_LIMITS, CAPTIONS_MESSAGES } from '../../contracts/learning';
import { createCourse, createSession, createUser } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const vtt = (text: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n${text}\n`;

let db: TestDatabase;
let api: TestServer;
let admin: Record<string, string>;
let customer: Record<string, string>;
let keys = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  admin = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'admin' })).id));
  customer = auth(await createSession(db.knex, (await createUser(db.knex, { role: 'customer' })).id));
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const write = (method: string, url: string, body?: unknown, headers = admin, key = `captions-${++keys}`) =>
  api.request(method, url, body, { ...headers, 'Idempotency-Key': key });
const lessonsOf = async (courseId: string, headers?: Record<string, string>) =>
  (await api.get(`/api/courses/${courseId}/lessons`, headers)).body.modules.flatMap((m: { lessons: unknown[] }) => m.lessons);

async function videoLesson(title: string) {
  const course = await createCourse(db.knex, { title, type: 'recorded_course' });
  const lesson = await write('POST', `/api/courses/${course.id}/lessons`, { title: 'Talk', kind: 'video' });
  expect(lesson.status, lesson.text).toBe(201);
  return { courseId: course.id, lessonId: lesson.body.id as string };
}

describe('no skipping ahead', () => {
  it('is set by staff, read back in the syllabus, and refused from customers or with nonsense', async () => {
    const course = await createCourse(db.knex, { title: 'Compliance', type: 'recorded_course' });
    const settings = `/api/courses/${course.id}/content-settings`;
    expect((await api.get(`/api/courses/${course.id}/lessons`)).body.noSkipping).toBe(false);
    const on = await write('PUT', settings, { noSkipping: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ courseId: course.id, noSkipping: true });
    expect((await api.get(`/api/courses/${course.id}/lessons`, admin)).body.noSkipping).toBe(true);
    expect((await api.get(`/api/courses/${course.id}/lessons`)).body.noSkipping).toBe(true);

    expect((await write('PUT', settings, { noSkipping: false }, customer)).status).toBe(403);
    const nonsense = await write('PUT', settings, { noSkipping: 'yes' });
    expect(nonsense.status).toBe(400);
    expect(nonsense.body.message).toContain('noSkipping must be true or false');
    expect((await write('PUT', settings, { noSkipping: false, extra: 1 })).status).toBe(400);
    expect((await write('PUT', '/api/courses/00000000-0000-4000-8000-000000000000/content-settings', { noSkipping: false })).status).toBe(404);
    expect((await api.get(`/api/courses/${course.id}/lessons`)).body.noSkipping).toBe(true);

    expect((await write('PUT', settings, { noSkipping: false })).body.noSkipping).toBe(false);
    expect((await api.get(`/api/courses/${course.id}/lessons`)).body.noSkipping).toBe(false);
  });
});

describe('a video lesson captions', () => {
  it('lists them for staff by language, and replaces a language uploaded again', async () => {
    const { courseId, lessonId } = await videoLesson('Captions listed');
    expect(await lessonsOf(courseId, admin)).toEqual([expect.objectContaining({ id: lessonId, captions: [] })]);
    expect((await write('PUT', `/api/lessons/${lessonId}/captions/fr`, { label: 'Français', vtt: vtt('Bonjour') })).status).toBe(204);
    expect((await write('PUT', `/api/lessons/${lessonId}/captions/en`, { label: 'English', vtt: vtt('Hello') })).status).toBe(204);
    expect((await lessonsOf(courseId, admin))[0].captions).toEqual([
      { lang: 'en', label: 'English' },
      { lang: 'fr', label: 'Français' },
    ]);
    // Not for visitors (nor anyone but staff): they get the playback answer's captions.
    expect((await lessonsOf(courseId))[0]).not.toHaveProperty('captions');

    const replaced = await write('PUT', `/api/lessons/${lessonId}/captions/en`, { label: 'English (US)', vtt: vtt('Hello again') });
    expect(replaced.status).toBe(204);
    expect((await lessonsOf(courseId, admin))[0].captions).toEqual([
      { lang: 'en', label: 'English (US)' },
      { lang: 'fr', label: 'Français' },
    ]);
    expect(await db.knex('lesson_captions').where({ lesson_id: lessonId, lang: 'en' })).toHaveLength(1);
    expect((await api.get(`/api/lessons/${lessonId}/transcript`, admin)).body.cues).toEqual([{ start: 1, end: 3, text: 'Hello again' }]);
  });

  it('deletes one language (once per Idempotency-Key), 404 for one it does not have, 403 for customers', async () => {
    const { courseId, lessonId } = await videoLesson('Captions deleted');
    for (const [lang, label] of [
      ['en', 'English'],
      ['pt-BR', 'Português'],
    ] as const)
      expect((await write('PUT', `/api/lessons/${lessonId}/captions/${lang}`, { label, vtt: vtt(label) })).status).toBe(204);

    expect((await write('DELETE', `/api/lessons/${lessonId}/captions/pt-BR`, undefined, customer)).status).toBe(403);
    expect((await api.request('DELETE', `/api/lessons/${lessonId}/captions/pt-BR`)).status).toBe(401);
    expect((await lessonsOf(courseId, admin))[0].captions).toHaveLength(2);

    const deleted = await write('DELETE', `/api/lessons/${lessonId}/captions/pt-BR`, undefined, admin, 'delete-pt');
    expect(deleted.status, deleted.text).toBe(204);
    expect((await lessonsOf(courseId, admin))[0].captions).toEqual([{ lang: 'en', label: 'English' }]);
    const replayed = await write('DELETE', `/api/lessons/${lessonId}/captions/pt-BR`, undefined, admin, 'delete-pt');
    expect(replayed.status).toBe(204);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    const again = await write('DELETE', `/api/lessons/${lessonId}/captions/pt-BR`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This lesson has no captions in "pt-BR".');
    expect((await write('DELETE', `/api/lessons/${lessonId}/captions/not a code`)).status).toBe(404);
    expect((await write('DELETE', '/api/lessons/00000000-0000-4000-8000-000000000000/captions/en')).status).toBe(404);
    expect((await write('DELETE', `/api/lessons/not-a-uuid/captions/en`)).status).toBe(404);
    expect((await lessonsOf(courseId, admin))[0].captions).toEqual([{ lang: 'en', label: 'English' }]);

    // The audit trail says who deleted which.
    const audit = await db.knex('audit_entries').where({ entity_id: lessonId });
    expect(audit.map((row: { summary: string }) => row.summary)).toContain('Deleted Português captions of "Talk"');
  });

  it('refuses captions on a lesson that is not a video, and a bad language or file, changing nothing', async () => {
    const { courseId, lessonId } = await videoLesson('Captions refused');
    const text = await write('POST', `/api/courses/${courseId}/lessons`, { title: 'Reading', kind: 'text' });
    expect((await write('PUT', `/api/lessons/${text.body.id}/captions/en`, { label: 'English', vtt: vtt('x') })).status).toBe(400);
    expect((await write('PUT', `/api/lessons/${lessonId}/captions/english`, { label: 'English', vtt: vtt('x') })).status).toBe(400);
    expect((await write('PUT', `/api/lessons/${lessonId}/captions/en`, { label: '', vtt: vtt('x') })).status).toBe(400);
    expect((await write('PUT', `/api/lessons/${lessonId}/captions/en`, { label: 'English', vtt: 'not webvtt' })).status).toBe(400);
    expect((await write('PUT', `/api/lessons/${lessonId}/captions/en`, { label: 'English', vtt: vtt('x') }, customer)).status).toBe(403);
    expect((await lessonsOf(courseId, admin)).find((l: { id: string }) => l.id === lessonId).captions).toEqual([]);
  });

  it('refuses a label or file over the limits in the words the Content tab uses, and takes a file at the limit (no 413)', async () => {
    const { courseId, lessonId } = await videoLesson('Captions limits');
    const put = (body: unknown) => write('PUT', `/api/lessons/${lessonId}/captions/en`, body);
    const longLabel = await put({ label: 'E'.repeat(CAPTIONS_LIMITS.labelLength + 1), vtt: vtt('x') });
    expect(longLabel.status).toBe(400);
    expect(longLabel.body.message).toBe(CAPTIONS_MESSAGES.labelLength);
    expect((await put({ label: '  ', vtt: vtt('x') })).body.message).toBe(CAPTIONS_MESSAGES.labelRequired);
    // Counted in UTF-8 bytes: 3 bytes a character here.
    const tooBig = await put({ label: 'English', vtt: vtt('字'.repeat(CAPTIONS_LIMITS.fileBytes / 3)) });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe(CAPTIONS_MESSAGES.fileSize);
    expect((await lessonsOf(courseId, admin)).find((l: { id: string }) => l.id === lessonId).captions).toEqual([]);

    // The largest file, all newlines (each escaped in two bytes in the JSON body), fits the body limit.
    const head = vtt('x');
    const largest = head + '\n'.repeat(CAPTIONS_LIMITS.fileBytes - head.length);
    const taken = await put({ label: 'E'.repeat(CAPTIONS_LIMITS.labelLength), vtt: largest });
    expect(taken.status, taken.text).toBe(204);
    expect((await lessonsOf(courseId, admin)).find((l: { id: string }) => l.id === lessonId).captions).toEqual([
      { lang: 'en', label: 'E'.repeat(CAPTIONS_LIMITS.labelLength) },
    ]);
  });
});
