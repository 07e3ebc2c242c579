/**
 * Staff writes of a course's content (issue 29): modules, lessons, their order, PDFs and captions,
 * and admins' access grants. Each is a keyed write, `staffWrite` where the path has one `:id`
 * (Idempotency-Key answered in its transaction); the PDF's bytes are streamed.
 */
import {
  captionsUploadSchema,
  contentSettingsSchema,
  createLessonSchema,
  createModuleSchema,
  grantSchema,
  orderSchema,
  revokeSchema,
  updateLessonSchema,
  updateModuleSchema,
} from '@contracts/learning';
import type { ApiRouter } from '../middleware/access';
import { keyedWrite } from '../middleware/idempotency';
import { parseBody, requestBody } from '../middleware/validate';
import type { LearningServices } from '../services/learning';
import type { PlatformServices } from '../services/platform';
import { actorOf, idParam } from './route-helpers';
import { changed, created, noContent, staffWrite } from './staff-write';

/** A PDF's bytes arrive as a stream (the JSON parser skips them). */
export const LESSON_DOCUMENT_PATH = /^\/api\/lessons\/[^/]+\/document$/;

export function lessonAdminRoutes(api: ApiRouter, { content, materials, grants, idempotency }: LearningServices & Pick<PlatformServices, 'idempotency'>): void {
  api.post(
    '/api/courses/:id/modules',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: createModuleSchema,
      run: ({ actor, id, body }, record) => content.createModule(actor, id, body.title, record),
      answer: created,
    }),
  );
  api.put(
    '/api/modules/:id',
    'course-management',
    staffWrite(idempotency, {
      id: 'Module',
      body: updateModuleSchema,
      run: ({ actor, id, body }, record) => content.renameModule(actor, id, body.title, record),
      answer: changed,
    }),
  );
  api.delete(
    '/api/modules/:id',
    'course-management',
    staffWrite(idempotency, { id: 'Module', run: ({ actor, id }, record) => content.deleteModule(actor, id, record), answer: noContent }),
  );
  api.put(
    '/api/courses/:id/modules/order',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: orderSchema,
      run: ({ actor, id, body }, record) => content.reorder(actor, 'modules', id, body.ids, record),
      answer: noContent,
    }),
  );
  api.post(
    '/api/courses/:id/lessons',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: createLessonSchema,
      run: ({ actor, id, body }, record) => content.createLesson(actor, id, body, record),
      answer: created,
    }),
  );
  api.put(
    '/api/lessons/:id',
    'course-management',
    staffWrite(idempotency, {
      id: 'Lesson',
      body: updateLessonSchema,
      run: ({ actor, id, body }, record) => content.updateLesson(actor, id, body, record),
      answer: changed,
    }),
  );
  api.delete(
    '/api/lessons/:id',
    'course-management',
    staffWrite(idempotency, { id: 'Lesson', run: ({ actor, id }, record) => content.deleteLesson(actor, id, record), answer: noContent }),
  );
  api.put(
    '/api/courses/:id/lessons/order',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: orderSchema,
      run: ({ actor, id, body }, record) => content.reorder(actor, 'lessons', id, body.ids, record),
      answer: noContent,
    }),
  );

  api.put(
    '/api/courses/:id/content-settings',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: contentSettingsSchema,
      run: ({ actor, id, body }, record) => content.updateSettings(actor, id, body.noSkipping, record),
      answer: changed,
    }),
  );

  api.put('/api/lessons/:id/document', 'course-management', async (ctx) => {
    try {
      ctx.body = await materials.putDocument(actorOf(ctx), idParam(ctx, 'Lesson'), ctx.get('Content-Type'), ctx.req);
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer.
      if (!ctx.req.readableEnded) ctx.set('Connection', 'close');
      throw error;
    }
  });
  // Captions name their language in the path too: keyed writes like `staffWrite`'s, reading `:lang`.
  api.put(
    '/api/lessons/:id/captions/:lang',
    'course-management',
    keyedWrite(
      idempotency,
      (ctx, record) => materials.putCaptions(actorOf(ctx), idParam(ctx, 'Lesson'), ctx.params.lang!, parseBody(captionsUploadSchema, requestBody(ctx)), record),
      noContent,
    ),
  );
  api.delete(
    '/api/lessons/:id/captions/:lang',
    'course-management',
    keyedWrite(idempotency, (ctx, record) => materials.deleteCaptions(actorOf(ctx), idParam(ctx, 'Lesson'), ctx.params.lang!, record), noContent),
  );

  api.post(
    '/api/admin/entitlements',
    'admin',
    staffWrite(idempotency, { body: grantSchema, run: ({ actor, body }, record) => grants.grant(actor, body, record), answer: created }),
  );
  api.post(
    '/api/admin/entitlements/:id/revoke',
    'admin',
    staffWrite(idempotency, {
      id: 'Entitlement',
      body: revokeSchema,
      run: ({ actor, id, body }, record) => grants.revoke(actor, id, body.reason, record),
      answer: changed,
    }),
  );
  api.get('/api/admin/courses/:id/entitlements', 'admin', async (ctx) => {
    ctx.body = await grants.ofCourse(idParam(ctx, 'Course'));
  });
}
