import Router from '@koa/router';
import { courseQuerySchema, syncQuerySchema } from '../contracts/catalogue';
import { parseQuery } from '../middleware/validate';
import type { Services } from '../services';

export function catalogueRoutes(router: Router, { catalogue, catalogueSync }: Services): void {
  router.get('/api/courses', async (ctx) => {
    ctx.body = await catalogue.listCourses(parseQuery(courseQuerySchema, ctx.query));
  });

  router.get('/api/courses/:id', async (ctx) => {
    ctx.body = await catalogue.getCourse(ctx.params.id!);
  });

  router.get('/api/courses/:id/pricing-tiers', async (ctx) => {
    ctx.body = await catalogue.listPricingTiers(ctx.params.id!);
  });

  router.get('/api/instructors', async (ctx) => {
    ctx.body = await catalogue.listInstructors();
  });

  router.get('/api/sync/catalogue', async (ctx) => {
    const { since } = parseQuery(syncQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await catalogueSync.sync(since);
  });
}
