import { courseQuerySchema, syncQuerySchema } from '../contracts/catalogue';
import type { ApiRouter } from '../middleware/access';
import { parseQuery } from '../middleware/validate';
import type { Services } from '../services';

export function catalogueRoutes(api: ApiRouter, { catalogue, catalogueSync }: Services): void {
  api.get('/api/courses', 'public', async (ctx) => {
    ctx.body = await catalogue.listCourses(parseQuery(courseQuerySchema, ctx.query));
  });

  api.get('/api/courses/:id', 'public', async (ctx) => {
    ctx.body = await catalogue.getCourse(ctx.params.id!);
  });

  api.get('/api/courses/:id/pricing-tiers', 'public', async (ctx) => {
    ctx.body = await catalogue.listPricingTiers(ctx.params.id!);
  });

  api.get('/api/instructors', 'public', async (ctx) => {
    ctx.body = await catalogue.listInstructors();
  });

  api.get('/api/sync/catalogue', 'public', async (ctx) => {
    const { since } = parseQuery(syncQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await catalogueSync.sync(since);
  });
}
