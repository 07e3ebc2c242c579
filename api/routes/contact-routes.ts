import { contactRequestSchema } from '@contracts/contact';
import type { ApiRouter } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import type { ContactServices } from '../services/contact';

export function contactRoutes(api: ApiRouter, { contact }: ContactServices): void {
  api.post('/api/contact', 'public', async (ctx) => {
    const body = parseBody(contactRequestSchema, requestBody(ctx));
    await contact.send(body, ctx.state.clientKey);
    ctx.status = 201;
    ctx.body = { message: 'Message Sent!' };
  });
}
