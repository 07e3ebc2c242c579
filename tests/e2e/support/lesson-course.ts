/**
 * A course of a test's own with lessons, built through the API by the demo admin (issues 29, 34):
 * a module with a text page, a PDF handout and a video transcoded by the server's job runner,
 * with English captions. The video is a silent testsrc MP4 made by the app's own ffmpeg
 * (`makeTestVideo`, shared with the API tests; nothing downloaded).
 */
import { expect, type APIRequestContext, type APIResponse, type Browser } from '@playwright/test';
import type { Course } from '@contracts/catalogue';
import type { Syllabus } from '@contracts/learning';
import { makeTestVideo } from '../../api/support/videos';
import { signIn } from './session';

export const ADMIN = 'admin@lifescience-academy.example';
export const VIDEO_SECONDS = 12;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const VTT = 'WEBVTT\n\n00:00.000 --> 00:03.000\nWelcome to the course.\n\n00:03.000 --> 00:08.000\nHere is how validation works.\n';

export interface Built {
  course: Course;
  auth: Record<string, string>;
  lessons: { text: string; document: string; video: string };
}

export async function ok<T>(answer: Promise<APIResponse>, status: number): Promise<T> {
  const response = await answer;
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (status === 204 ? undefined : await response.json()) as T;
}

/** The course, its module and three lessons, made by the demo admin through the API; the video transcoded. */
export async function buildLessonCourse(browser: Browser, request: APIRequestContext, { noSkipping }: { noSkipping: boolean }): Promise<Built> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN, 'admin');
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  await context.close();
  const auth = { Authorization: `Bearer ${token}` };
  const course = await ok<Course>(
    request.post('/api/courses', {
      headers: auth,
      data: {
        type: 'recorded_course',
        title: `GMP Essentials ${Date.now()}`,
        shortDescription: 'A course with lessons',
        instructorName: 'Dr. Ada Lane',
        price: '49',
      },
    }),
    201,
  );
  const module = await ok<{ id: string }>(request.post(`/api/courses/${course.id}/modules`, { headers: auth, data: { title: 'Getting started' } }), 201);
  const lesson = (title: string, kind: string, extra: object = {}) =>
    ok<{ id: string }>(request.post(`/api/courses/${course.id}/lessons`, { headers: auth, data: { title, kind, moduleId: module.id, ...extra } }), 201);
  const text = await lesson('Read me first', 'text', { body: '<p>Welcome to <strong>GMP Essentials</strong>.</p><script>window.pwned = 1</script>' });
  const document = await lesson('Checklist', 'document');
  const video = await lesson('Validation basics', 'video');
  await ok(request.put(`/api/lessons/${document.id}/document`, { headers: { ...auth, 'Content-Type': 'application/pdf' }, data: PDF }), 200);
  await ok(request.put(`/api/courses/${course.id}/content-settings`, { headers: auth, data: { noSkipping } }), 200);

  const bytes = makeTestVideo({ seconds: VIDEO_SECONDS, width: 640, height: 360, silent: true });
  const tus = { ...auth, 'Tus-Resumable': '1.0.0' };
  const created = await request.post('/api/uploads/video', {
    headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${btoa('lesson.mp4')}` },
  });
  expect(created.status()).toBe(201);
  const location = created.headers()['location']!;
  const patched = await request.patch(location, { headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, data: bytes });
  expect(patched.status()).toBe(204);
  await ok(request.put(`/api/lessons/${video.id}`, { headers: auth, data: { videoUploadId: location.split('/').pop() } }), 200);
  await ok(request.put(`/api/lessons/${video.id}/captions/en`, { headers: auth, data: { label: 'English', vtt: VTT } }), 204);
  await expect
    .poll(
      async () => {
        const syllabus = await ok<Syllabus>(request.get(`/api/courses/${course.id}/lessons`, { headers: auth }), 200);
        return syllabus.modules[0]!.lessons.find((l) => l.id === video.id)?.video?.status;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('ready');
  return { course, auth, lessons: { text: text.id, document: document.id, video: video.id } };
}
