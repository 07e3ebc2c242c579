/**
 * Back-office catalogue writes (back-office spec §7): admins, and contributors with the course- or
 * instructor-management permission (contracts/access.ts); every write may carry an
 * Idempotency-Key, whose answer is recorded in the write's own transaction (`keyedWrite`). Course
 * writes answer with the version as a strong `ETag` ("N") and take it back in `If-Match` (412 when
 * it is not the current one).
 */
import type { Course } from '@contracts/catalogue';
import { courseCodeQuerySchema, courseUpdateSchema, courseWriteSchema, instructorUpdateSchema, instructorWriteSchema, tierUpdateSchema, tierWriteSchema } from '@contracts/course-admin';
import { parseIfMatch } from '../lib/if-match';
import type { ApiRouter } from '../middleware/access';
import { keyedWrite } from '../middleware/idempotency';
import { parseBody, parseQuery, requestBody } from '../middleware/validate';
import type { CourseServices } from '../services/courses';
import type { PlatformServices } from '../services/platform';
import { actorOf, idParam } from './route-helpers';

/** A course as a write answers it: the body and its version as the strong ETag a staff read sends. */
const courseAnswer = (status: number) => (course: Course) => ({ status, body: course, headers: { ETag: `"${course.version}"` } });

export function courseAdminRoutes(api: ApiRouter, { courseAdmin, idempotency }: CourseServices & Pick<PlatformServices, 'idempotency'>): void {
  api.post(
    '/api/courses',
    'course-management',
    keyedWrite(idempotency, (ctx, record) => courseAdmin.createCourse(actorOf(ctx), parseBody(courseWriteSchema, requestBody(ctx)), record), courseAnswer(201)),
  );

  api.put(
    '/api/courses/:id',
    'course-management',
    keyedWrite(
      idempotency,
      (ctx, record) => courseAdmin.updateCourse(actorOf(ctx), idParam(ctx, 'Course'), parseBody(courseUpdateSchema, requestBody(ctx)), { ifMatch: parseIfMatch(ctx.get('If-Match')), record }),
      courseAnswer(200),
    ),
  );

  api.delete(
    '/api/courses/:id',
    'course-management',
    keyedWrite<{ archived: boolean }>(
      idempotency,
      (ctx, record) => courseAdmin.deleteCourse(actorOf(ctx), idParam(ctx, 'Course'), { ifMatch: parseIfMatch(ctx.get('If-Match')), record }),
      ({ archived }) => ({ body: { message: archived ? 'Course archived: it has orders, so it is kept for its buyers and hidden everywhere else' : 'Course deleted', archived } }),
    ),
  );

  api.post(
    '/api/courses/:id/duplicate',
    'course-management',
    keyedWrite(idempotency, (ctx, record) => courseAdmin.duplicateCourse(actorOf(ctx), idParam(ctx, 'Course'), record), courseAnswer(201)),
  );

  api.get('/api/admin/course-code', 'course-management', async (ctx) => {
    const { prefix } = parseQuery(courseCodeQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { code: await courseAdmin.suggestCourseCode(prefix) };
  });

  api.post(
    '/api/courses/:id/pricing-tier',
    'course-management',
    keyedWrite(
      idempotency,
      (ctx, record) => courseAdmin.createTier(actorOf(ctx), idParam(ctx, 'Course'), parseBody(tierWriteSchema, requestBody(ctx)), record),
      (tier) => ({ status: 201, body: tier }),
    ),
  );

  api.put(
    '/api/pricing-tiers/:id',
    'course-management',
    keyedWrite(
      idempotency,
      (ctx, record) => courseAdmin.updateTier(actorOf(ctx), idParam(ctx, 'Pricing tier'), parseBody(tierUpdateSchema, requestBody(ctx)), record),
      (tier) => ({ body: tier }),
    ),
  );

  api.delete(
    '/api/pricing-tiers/:id',
    'course-management',
    keyedWrite<{ courseVersion: number }>(
      idempotency,
      (ctx, record) => courseAdmin.deleteTier(actorOf(ctx), idParam(ctx, 'Pricing tier'), record),
      ({ courseVersion }) => ({ body: { message: 'Pricing tier deleted', courseVersion } }),
    ),
  );

  api.post(
    '/api/instructors',
    'instructor-management',
    keyedWrite(idempotency, (ctx, record) => courseAdmin.createInstructor(actorOf(ctx), parseBody(instructorWriteSchema, requestBody(ctx)), record), (instructor) => ({ status: 201, body: instructor })),
  );

  api.put(
    '/api/instructors/:id',
    'instructor-management',
    keyedWrite(
      idempotency,
      (ctx, record) => courseAdmin.updateInstructor(actorOf(ctx), idParam(ctx, 'Instructor'), parseBody(instructorUpdateSchema, requestBody(ctx)), record),
      (instructor) => ({ body: instructor }),
    ),
  );

  api.delete(
    '/api/instructors/:id',
    'instructor-management',
    keyedWrite(idempotency, (ctx, record) => courseAdmin.deleteInstructor(actorOf(ctx), idParam(ctx, 'Instructor'), record), () => ({ body: { message: 'Instructor deleted' } })),
  );
}
