/// <reference lib="webworker" />
/**
 * Downloaded lessons served offline (issue 34): `/offline/lessons/{lessonId}/{file}` answered from
 * the stored chunks with HTTP Range support, so the player seeks without a connection — only while
 * the course's licence is genuine and unexpired (else 403: the lesson does not play).
 */
import { registerRoute } from 'workbox-routing';
import { OFFLINE_MEDIA_PREFIX, rangeResponse } from '../offline/learning/chunks';
import { downloadsDb, isComplete } from '../offline/learning/downloads-db';
import { checkLicence } from '../offline/learning/licence';

declare const self: ServiceWorkerGlobalScope;

const refused = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

export async function answerOfflineMedia(request: Request): Promise<Response> {
  const [lessonId, file] = new URL(request.url).pathname.slice(OFFLINE_MEDIA_PREFIX.length).split('/');
  const db = downloadsDb();
  const courses = await db.courses.toArray();
  const course = courses.find((c) => c.files.some((f) => f.lessonId === lessonId && f.file === file));
  const stored = course?.files.find((f) => f.lessonId === lessonId && f.file === file);
  if (!course || !stored || !isComplete(stored)) return refused(404, 'This lesson is not downloaded on this device.');
  const key = await db.keys.get('licence');
  const licence = key && (await checkLicence(course.licence, key.jwk, { courseId: course.courseId, userId: course.userId, now: new Date() }));
  if (!licence) return refused(403, 'This download can no longer be played on this device. Go online to renew it.');
  return rangeResponse(stored, request.headers.get('Range'));
}

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(OFFLINE_MEDIA_PREFIX),
  ({ request }) => answerOfflineMedia(request),
);
