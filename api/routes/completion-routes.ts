/** A course's completion rule (issue 31, point 4): staff read it (the type's default until set) and set it. */
import { completionRuleSchema } from '@contracts/completion';
import type { ApiRouter } from '../middleware/access';
import type { CompletionServices } from '../services/completion';
import type { PlatformServices } from '../services/platform';
import { idParam } from './route-helpers';
import { changed, staffWrite } from './staff-write';

export function completionRoutes(api: ApiRouter, { completions, idempotency }: CompletionServices & Pick<PlatformServices, 'idempotency'>): void {
  api.get('/api/courses/:id/completion-rule', 'course-management', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await completions.rule(idParam(ctx, 'Course'));
  });
  api.put(
    '/api/courses/:id/completion-rule',
    'course-management',
    staffWrite(idempotency, {
      id: 'Course',
      body: completionRuleSchema,
      run: ({ actor, id, body }, record) => completions.setRule(actor, id, body, record),
      answer: changed,
    }),
  );
}
