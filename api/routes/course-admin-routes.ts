/** Back-office catalogue writes (back-office spec §7): staff only; every write may carry an Idempotency-Key. */
import { courseCodeQuerySchema, courseUpdateSchema, courseWriteSchema, instructorUpdateSchema, instructorWriteSchema, tierUpdateSchema, tierWriteSchema } from '../contracts/course-admin';
import type { ApiRouter } from '../middleware/access';
import { expectedVersion, idempotent } from '../middleware/idempotency';
import { parseBody, parseQuery, requestBody } from '../middleware/validate';
import type { Services } from '../services';
import { actorOf, idParam } from './route-helpers';


export function courseAdminRoutes(api: ApiRouter, { courseAdmin, idempotency }: Services): void {
  api.post(
    '/api/courses',
    'staff',
    idempotent(idempotency, async (ctx) => {
      const course = await courseAdmin.createCourse(actorOf(ctx), parseBody(courseWriteSchema, requestBody(ctx)));
      ctx.status = 201;
      ctx.body = course;
    }),
  );

  api.put(
    '/api/courses/:id',
    'staff',
    idempotent(idempotency, async (ctx) => {
      const id = idParam(ctx, 'Course');
      const course = await courseAdmin.updateCourse(actorOf(ctx), id, parseBody(courseUpdateSchema, requestBody(ctx)), expectedVersion(ctx));
      ctx.set('ETag', `"${course.version}"`);
      ctx.body = course;
    }),
  );

  api.delete(
    '/api/courses/:id',
    'staff',
    idempotent(idempotency, async (ctx) => {
      const { archived } = await courseAdmin.deleteCourse(actorOf(ctx), idParam(ctx, 'Course'), expectedVersion(ctx));
      ctx.body = { message: archived ? 'Course archived: it has orders, so it is kept for its buyers and hidden everywhere else' : 'Course deleted', archived };
    }),
  );

  api.post(
    '/api/courses/:id/duplicate',
    'staff',
    idempotent(idempotency, async (ctx) => {
      ctx.status = 201;
      ctx.body = await courseAdmin.duplicateCourse(actorOf(ctx), idParam(ctx, 'Course'));
    }),
  );

  api.get('/api/admin/course-code', 'staff', async (ctx) => {
    const { prefix } = parseQuery(courseCodeQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { code: await courseAdmin.suggestCourseCode(prefix) };
  });

  api.post(
    '/api/courses/:id/pricing-tier',
    'staff',
    idempotent(idempotency, async (ctx) => {
      const tier = await courseAdmin.createTier(actorOf(ctx), idParam(ctx, 'Course'), parseBody(tierWriteSchema, requestBody(ctx)));
      ctx.status = 201;
      ctx.body = tier;
    }),
  );

  api.put(
    '/api/pricing-tiers/:id',
    'staff',
    idempotent(idempotency, async (ctx) => {
      ctx.body = await courseAdmin.updateTier(actorOf(ctx), idParam(ctx, 'Pricing tier'), parseBody(tierUpdateSchema, requestBody(ctx)));
    }),
  );

  api.delete(
    '/api/pricing-tiers/:id',
    'staff',
    idempotent(idempotency, async (ctx) => {
      const { courseVersion } = await courseAdmin.deleteTier(actorOf(ctx), idParam(ctx, 'Pricing tier'));
      ctx.body = { message: 'Pricing tier deleted', courseVersion };
    }),
  );

  api.post(
    '/api/instructors',
    'staff',
    idempotent(idempotency, async (ctx) => {
      ctx.status = 201;
      ctx.body = await courseAdmin.createInstructor(actorOf(ctx), parseBody(instructorWriteSchema, requestBody(ctx)));
    }),
  );

  api.put(
    '/api/instructors/:id',
    'staff',
    idempotent(idempotency, async (ctx) => {
      ctx.body = await courseAdmin.updateInstructor(actorOf(ctx), idParam(ctx, 'Instructor'), parseBody(instructorUpdateSchema, requestBody(ctx)));
    }),
  );

  api.delete(
    '/api/instructors/:id',
    'staff',
    idempotent(idempotency, async (ctx) => {
      await courseAdmin.deleteInstructor(actorOf(ctx), idParam(ctx, 'Instructor'));
      ctx.body = { message: 'Instructor deleted' };
    }),
  );
}
