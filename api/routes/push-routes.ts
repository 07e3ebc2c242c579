/**
 * Web push and reminders (issue 15): the VAPID public key, the signed-in user's devices, the
 * service worker's renewal of a replaced subscription, and the reminder preferences.
 */
import { deletePushSubscriptionSchema, pushSubscriptionSchema, reminderPreferencesSchema, renewPushSubscriptionSchema } from '@contracts/push';
import { AppError } from '../errors';
import type { ApiRouter, AppContext } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import type { PushServices } from '../services/push';

const DELETE_BODY_LIMIT = 16 * 1024;

/** The JSON body of a DELETE (koa-body parses POST, PUT and PATCH only). */
async function deleteBody(ctx: AppContext): Promise<unknown> {
  // koa-body leaves `{}` for methods it does not parse: read the stream ourselves.
  const parsed = requestBody(ctx);
  if (parsed !== undefined && !(typeof parsed === 'object' && parsed !== null && Object.keys(parsed).length === 0)) return parsed;
  if (ctx.req.readableEnded) return parsed;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > DELETE_BODY_LIMIT) throw new AppError('payload_too_large', 'The request body is larger than the 16KB limit');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw AppError.badRequest('The request body is not valid JSON');
  }
}

export function pushRoutes(api: ApiRouter, { pushSubscriptions, vapidPublicKey }: Pick<PushServices, 'pushSubscriptions' | 'vapidPublicKey'>): void {
  api.get('/api/push/public-key', 'public', (ctx) => {
    ctx.body = { publicKey: vapidPublicKey };
  });

  api.get('/api/push/subscriptions', 'signed_in', async (ctx) => {
    ctx.body = await pushSubscriptions.list(ctx.state.user!.id);
  });

  api.post('/api/push/subscriptions', 'signed_in', async (ctx) => {
    const body = parseBody(pushSubscriptionSchema, requestBody(ctx));
    const { created, device } = await pushSubscriptions.subscribe(ctx.state.user!.id, body);
    ctx.status = created ? 201 : 200;
    ctx.body = device;
  });

  api.delete('/api/push/subscriptions', 'signed_in', async (ctx) => {
    const { endpoint } = parseBody(deletePushSubscriptionSchema, await deleteBody(ctx));
    await pushSubscriptions.unsubscribe(ctx.state.user!.id, endpoint);
    ctx.status = 204;
  });

  // The service worker has no session: the old subscription's endpoint and auth secret prove the device.
  api.post('/api/push/subscriptions/renew', 'public', async (ctx) => {
    const body = parseBody(renewPushSubscriptionSchema, requestBody(ctx));
    ctx.body = await pushSubscriptions.renew(body);
  });

  api.get('/api/profile/reminders', 'signed_in', async (ctx) => {
    ctx.body = await pushSubscriptions.preferences(ctx.state.user!.id);
  });

  api.put('/api/profile/reminders', 'signed_in', async (ctx) => {
    const body = parseBody(reminderPreferencesSchema, requestBody(ctx));
    ctx.body = await pushSubscriptions.setPreferences(ctx.state.user!.id, body);
  });
}
