/// <reference lib="webworker" />
/**
 * Downloaded lessons served offline (issue 34): `/offline/lessons/{lessonId}/{file}` answered from
 * the stored chunks with HTTP Range support, so the player seeks without a connection — only while
 * the course's licence is genuine and unexpired (else 403: the lesson does not play).
 */
import { registerRoute } from 'workbox-routing';
import { OFFLINE_MEDIA_PREFIX, rangeResponse } from '../offline/learning/chunks';
import { OFFLINE_MESSAGES } from '@contracts/offline-learning';
import { courseOfLessonId, downloadsDb, isComplete, type StoredCourse } from '../offline/learning/downloads-db';
import { checkLicence } from '../offline/learning/licence';

declare const self: ServiceWorkerGlobalScope;

const refused = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * Licences already checked, with their expiry: a player asks for many ranges of one file, and the
 * signature is checked once per licence (a renewed or altered licence is another key), not per range.
 */
const checked = new Map<string, number>();

async function licenceHolds(course: StoredCourse): Promise<boolean> {
  const id = `${course.courseId}:${course.userId}:${course.licence}`;
  let expires = checked.get(id);
  if (expires === undefined) {
    const key = await downloadsDb().keys.get('licence');
    const payload = key && (await checkLicence(course.licence, key.jwk, { courseId: course.courseId, userId: course.userId, now: new Date() }));
    if (!payload) return false;
    expires = payload.exp * 1000;
    checked.set(id, expires);
  }
  return expires > Date.now();
}

export async function answerOfflineMedia(request: Request): Promise<Response> {
  // `{lessonId}/video.mp4`, `{lessonId}/document.pdf`, `{lessonId}/captions/{lang}.vtt`.
  const [lessonId = '', ...rest] = new URL(request.url).pathname.slice(OFFLINE_MEDIA_PREFIX.length).split('/');
  const file = rest.join('/');
  const course = await courseOfLessonId(lessonId);
  const stored = course?.files.find((f) => f.lessonId === lessonId && f.file === file);
  if (!course || !stored || !isComplete(stored)) return refused(404, 'This lesson is not downloaded on this device.');
  if (!(await licenceHolds(course))) return refused(403, OFFLINE_MESSAGES.licenceInvalid);
  return rangeResponse(stored, request.headers.get('Range'));
}

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(OFFLINE_MEDIA_PREFIX),
  ({ request }) => answerOfflineMedia(request),
);
