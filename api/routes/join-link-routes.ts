/**
 * Personal join links (issue 30, point 2). `GET /join/:token` sits outside `/api` like `/media`:
 * it is the address in mails and calendars, answered with a 302 to the person's meeting or with a
 * small HTML page (the service worker leaves `/join/` to the network). `GET /api/courses/:id/join`
 * gives the signed-in attendee their link and its window (My Training).
 */
import type { ApiRouter } from '../middleware/access';
import { joinPage, type JoinLinkServices } from '../services/join-links';
import { idParam } from './route-helpers';

const HEADINGS = {
  not_yet: 'Not open yet',
  ended: 'Session ended',
  preparing: 'Being prepared',
  no_meeting: 'No online meeting',
  open: 'Join session',
  not_found: 'Link not found',
  revoked: 'Access ended',
} as const;

export function joinLinkRoutes(api: ApiRouter, { joinLinks }: JoinLinkServices): void {
  api.get('/join/:token', 'public', async (ctx) => {
    const outcome = await joinLinks.open(ctx.params.token!, ctx.get('User-Agent') || undefined, ctx.method === 'GET');
    // Personal and decided at each click: never stored; the token never leaves in a Referer.
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Robots-Tag', 'noindex');
    if (outcome.kind === 'redirect') {
      ctx.status = 302;
      ctx.set('Location', outcome.url);
      ctx.body = '';
      return;
    }
    ctx.status = outcome.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = joinPage({ heading: HEADINGS[outcome.joinStatus], title: outcome.title, message: outcome.message });
  });

  api.get('/api/courses/:id/join', 'signed_in', async (ctx) => {
    ctx.body = await joinLinks.view(ctx.state.user ?? null, idParam(ctx, 'Course'));
  });
}
