/**
 * Lesson videos (issue 29): the tus 1.0.0 upload endpoint (creation on `/api/uploads/video`; HEAD,
 * PATCH and DELETE on `/api/uploads/video/{id}`, the id being the last segment of the `Location`
 * the creation answers), the state of an upload, and Retry of a failed transcode. For the staff
 * who manage courses (the lessons the videos belong to); the bearer token decides, as everywhere.
 */
import type { AppContext, ApiRouter } from '../middleware/access';
import { keyedWrite } from '../middleware/idempotency';
import type { PlatformServices } from '../services/platform';
import type { VideoServices } from '../services/video';
import { idParam } from './route-helpers';
import { changed } from './staff-write';

/** The tus requests' bodies are the video's bytes: the JSON parser leaves them to the tus server. */
export const VIDEO_UPLOAD_BODY_PATH = /^\/api\/uploads\/video(\/[^/]+)?\/?$/;

export function videoRoutes(api: ApiRouter, { videos, idempotency }: VideoServices & Pick<PlatformServices, 'idempotency'>): void {
  // The tus server writes the answer itself (Koa stays out of it).
  const tus = async (ctx: AppContext) => {
    ctx.respond = false;
    try {
      await videos.handleUpload(ctx.req, ctx.res, ctx.state.user!.id);
    } catch (error) {
      // Nothing sent yet: the app's error answer; else the connection is cut.
      if (ctx.res.headersSent) return void ctx.res.destroy();
      ctx.respond = true;
      throw error;
    }
  };
  api.post('/api/uploads/video', 'course-management', tus);
  // HEAD (the offset to resume from) comes with GET; the bytes themselves are never read back here.
  api.get('/api/uploads/video/:id', 'course-management', async (ctx) => {
    if (ctx.method === 'HEAD') return tus(ctx);
    ctx.status = 405;
    ctx.set('Allow', 'HEAD, PATCH, DELETE');
    ctx.body = { message: 'A video upload is resumed with HEAD and PATCH (tus 1.0.0); it is not downloaded.' };
  });
  api.patch('/api/uploads/video/:id', 'course-management', tus);
  api.delete('/api/uploads/video/:id', 'course-management', tus);

  api.get('/api/videos/:id', 'course-management', async (ctx) => {
    ctx.body = await videos.state(idParam(ctx, 'Video upload'));
  });
  api.post(
    '/api/videos/:id/retry',
    'course-management',
    keyedWrite(idempotency, (ctx, record) => videos.retry(idParam(ctx, 'Video upload'), record), changed),
  );
}
