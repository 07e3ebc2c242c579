/**
 * Catalogue reads: every answer is cached per normalized query and catalogue version
 * (`services/catalogue-cache.ts`) and sent with an `ETag` (`middleware/cached-answer.ts`). The
 * back office's reads (`status=all`) check the version in the database on every request, so an
 * editor never opens a copy older than the last write of any process; a staff read of one course
 * sends its version as the strong ETag `"N"` that `If-Match` takes back.
 */
import { courseQuerySchema, courseReadQuerySchema, syncQuerySchema, type CourseQuery } from '@contracts/catalogue';
import { TOTAL_COUNT_HEADER } from '@contracts/catalogue-paths';
import { assertAccess, type ApiRouter, type AppContext } from '../middleware/access';
import { sendCachedAnswer } from '../middleware/cached-answer';
import { parseQuery } from '../middleware/validate';
import type { CatalogueServices } from '../services/catalogue';
import { cachedSync } from '../services/catalogue/catalogue-sync-service';

/** One cache key per meaning: the same filters in another order or case share an answer. */
function courseListKey(query: CourseQuery): string {
  return JSON.stringify([
    'courses',
    [...new Set(query.type ?? [])].sort(),
    query.category?.toLowerCase() ?? null,
    query.search?.trim().toLowerCase() || null,
    query.limit ?? null,
    query.cursor ?? null,
    query.view ?? 'full',
    query.status ?? 'active',
  ]);
}

/** `status=all` (staff only) on a single course's reads: the back office edits inactive courses too. */
function readStatus(ctx: AppContext): 'active' | 'all' {
  const { status = 'active' } = parseQuery(courseReadQuerySchema, ctx.query);
  if (status === 'all') assertAccess(ctx.state.user, 'staff');
  return status;
}

export function catalogueRoutes(api: ApiRouter, { catalogue, catalogueSync, catalogueCache }: CatalogueServices): void {
  api.get('/api/courses', 'public', async (ctx) => {
    const query = parseQuery(courseQuerySchema, ctx.query);
    // Inactive courses are for the back office only.
    if (query.status === 'all') assertAccess(ctx.state.user, 'staff');
    const answer = await catalogueCache.answer(
      courseListKey(query),
      async () => {
        const page = await catalogue.listCourses(query);
        const headers: Record<string, string> = {};
        // A first page carries the count of all the courses that match: a listing shows "N courses found" with its first cards.
        if (page.total !== null) headers[TOTAL_COUNT_HEADER] = String(page.total);
        if (page.nextCursor) {
          const next = new URLSearchParams(ctx.querystring);
          next.set('cursor', page.nextCursor);
          headers.Link = `<${ctx.path}?${next.toString()}>; rel="next"`;
        }
        return { body: page.courses, headers };
      },
      { fresh: query.status === 'all' },
    );
    await sendCachedAnswer(ctx, answer);
    if (query.status === 'all') ctx.set('Cache-Control', 'private, no-cache');
  });

  api.get('/api/courses/:id', 'public', async (ctx) => {
    const id = ctx.params.id!;
    const status = readStatus(ctx);
    const answer = await catalogueCache.answer(
      JSON.stringify(['course', id, status]),
      async () => {
        const course = await catalogue.getCourse(id, status);
        return status === 'all' ? { body: course, headers: { ETag: `"${course.version}"` } } : { body: course };
      },
      { fresh: status === 'all' },
    );
    await sendCachedAnswer(ctx, answer);
    if (status === 'all') ctx.set('Cache-Control', 'private, no-cache');
  });

  api.get('/api/courses/:id/pricing-tiers', 'public', async (ctx) => {
    const id = ctx.params.id!;
    const status = readStatus(ctx);
    await sendCachedAnswer(
      ctx,
      await catalogueCache.answer(JSON.stringify(['tiers', id, status]), async () => ({ body: await catalogue.listPricingTiers(id, status) }), {
        fresh: status === 'all',
      }),
    );
    if (status === 'all') ctx.set('Cache-Control', 'private, no-cache');
  });

  api.get('/api/instructors', 'public', async (ctx) => {
    await sendCachedAnswer(ctx, await catalogueCache.answer('["instructors"]', async () => ({ body: await catalogue.listInstructors() })));
  });

  api.get('/api/sync/catalogue', 'public', async (ctx) => {
    const { since, view = 'full' } = parseQuery(syncQuerySchema, ctx.query);
    await sendCachedAnswer(ctx, await cachedSync(catalogueCache, catalogueSync, since, view));
  });
}
