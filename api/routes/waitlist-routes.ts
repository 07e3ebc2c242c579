/** Waitlists (issue 35): a signed-in person's place on a full live session's list; staff's view and reorder. */
import { reorderWaitlistSchema } from '@contracts/waitlists';
import type { ApiRouter } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import type { WaitlistServices } from '../services/waitlists';
import { actorOf, idParam } from './route-helpers';

export function waitlistRoutes(api: ApiRouter, { waitlists, waitlistAdmin }: WaitlistServices): void {
  api.get('/api/courses/:id/waitlist', 'signed_in', async (ctx) => {
    ctx.body = await waitlists.place(ctx.state.user!.id, idParam(ctx, 'Course'));
  });
  api.post('/api/courses/:id/waitlist', 'signed_in', async (ctx) => {
    const { created, place } = await waitlists.join(ctx.state.user!.id, idParam(ctx, 'Course'));
    ctx.status = created ? 201 : 200;
    ctx.body = place;
  });
  api.delete('/api/courses/:id/waitlist', 'signed_in', async (ctx) => {
    ctx.body = await waitlists.leave(ctx.state.user!.id, idParam(ctx, 'Course'));
  });
  api.get('/api/admin/courses/:id/waitlist', 'course-management', async (ctx) => {
    ctx.body = await waitlistAdmin.list(idParam(ctx, 'Course'));
  });
  api.put('/api/admin/courses/:id/waitlist', 'course-management', async (ctx) => {
    const { entryIds } = parseBody(reorderWaitlistSchema, requestBody(ctx));
    ctx.body = await waitlistAdmin.reorder(actorOf(ctx), idParam(ctx, 'Course'), entryIds);
  });
}
