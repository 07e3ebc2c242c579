/**
 * The learner's side (issue 29): the syllabus (public), lessons, playback, documents, transcript
 * and progress (the entitled; staff may open everything), My Training, and the media addresses
 * the playback answer hands out (authorised by their credential, not a session).
 */
import { progressSchema } from '@contracts/learning';
import { licenceRenewalSchema } from '@contracts/offline-learning';
import type { ApiRouter, AppContext } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import type { LearningServices } from '../services/learning';
import type { MediaAnswer } from '../services/learning/playback';
import { idParam } from './route-helpers';

/** `bytes=from-to` (either end may be open); anything else → no range. */
function parseRange(header: string | undefined): { start: number; end: number } | undefined {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header ?? '');
  if (!match || (!match[1] && !match[2])) return undefined;
  if (!match[1]) return undefined; // suffix ranges are answered whole
  return { start: Number(match[1]), end: match[2] ? Number(match[2]) : Number.MAX_SAFE_INTEGER };
}

function sendMedia(ctx: AppContext, answer: MediaAnswer): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (answer.kind === 'redirect') {
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(answer.url);
    return;
  }
  // Cached only by this browser, and no longer than the credential lives.
  ctx.set('Cache-Control', `private, max-age=${answer.maxAge}`);
  ctx.type = answer.contentType;
  if (answer.kind === 'text') {
    ctx.body = answer.text;
    return;
  }
  ctx.set('Accept-Ranges', 'bytes');
  if (answer.range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${answer.range.start}-${answer.range.end}/${answer.range.totalSize}`);
  }
  ctx.length = answer.object.size;
  ctx.body = answer.object.body;
}

export function learningRoutes(api: ApiRouter, s: LearningServices): void {
  api.get('/api/courses/:id/lessons', 'public', async (ctx) => {
    const courseId = idParam(ctx, 'Course');
    const user = ctx.state.user;
    const access = await s.learningAccess.of(user, courseId);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = await s.content.syllabus(courseId, access, user?.id ?? null);
  });

  api.get('/api/lessons/:id', 'signed_in', async (ctx) => {
    const lesson = await s.content.lesson(idParam(ctx, 'Lesson'));
    const access = await s.learningAccess.require(ctx.state.user, lesson.courseId);
    const syllabus = await s.content.syllabus(lesson.courseId, access, ctx.state.user!.id);
    const view = syllabus.modules.flatMap((m) => m.lessons).find((l) => l.id === lesson.id)!;
    ctx.body = { ...view, courseId: lesson.courseId, moduleId: lesson.moduleId };
  });

  api.get('/api/lessons/:id/playback', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await s.playback.playback(ctx.state.user, idParam(ctx, 'Lesson'));
  });

  api.get('/api/lessons/:id/document', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 303;
    ctx.redirect(await s.playback.documentAddress(ctx.state.user, idParam(ctx, 'Lesson')));
  });

  api.get('/api/lessons/:id/transcript', 'signed_in', async (ctx) => {
    ctx.body = await s.materials.transcript(ctx.state.user, idParam(ctx, 'Lesson'));
  });

  api.post('/api/lessons/:id/progress', 'signed_in', async (ctx) => {
    const lesson = await s.content.lesson(idParam(ctx, 'Lesson'));
    await s.learningAccess.require(ctx.state.user, lesson.courseId);
    ctx.body = await s.progress.report(ctx.state.user!.id, lesson, parseBody(progressSchema, requestBody(ctx)));
  });

  api.get('/api/me/library', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = await s.library.of(ctx.state.user!.id);
  });

  // Downloads for learning offline (issue 34): the course's package and licence, renewed when online.
  api.post('/api/courses/:id/download', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await s.downloads.package(ctx.state.user, idParam(ctx, 'Course'));
  });

  api.post('/api/me/offline-licences', 'signed_in', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await s.downloads.renew(ctx.state.user!, parseBody(licenceRenewalSchema, requestBody(ctx)).courseIds);
  });

  api.get('/api/offline-licence-key', 'public', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = { jwk: s.licences.publicJwk };
  });

  // Media: the credential is the authority (bound to the person and the lesson, short-lived).
  const media = async (ctx: AppContext, file: string) => {
    const lessonId = idParam(ctx, 'Lesson');
    sendMedia(ctx, await s.playback.media(lessonId, ctx.params.credential!, file, parseRange(ctx.get('Range'))));
  };
  api.get('/media/lessons/:id/:credential/:file', 'public', (ctx) => media(ctx, ctx.params.file!));
  api.get('/media/lessons/:id/:credential/:dir/:file', 'public', (ctx) => media(ctx, `${ctx.params.dir}/${ctx.params.file}`));
}
