import { contactRequestSchema } from '@contracts/contact';
import type { ApiRouter } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import type { Services } from '../services';

export function contactRoutes(api: ApiRouter, { contact }: Services): void {
  api.post('/api/contact', 'public', async (ctx) => {
    const body = parseBody(contactRequestSchema, requestBody(ctx));
    await contact.send(body, ctx.state.clientKey);
    ctx.status = 201;
    ctx.body = { message: 'Message Sent!' };
  });
}
