/**
 * One push message to some of a person's devices, each through the push service: the outcome per
 * device, and a subscription the service says is gone (404/410: the browser dropped it) deleted so
 * it is never used again. Session reminders and certificate expiry reminders both send this way.
 */
import type { Knex } from 'knex';
import { PushSubscription } from '@db/models';
import type { PushMessageOptions, PushOutcome, PushSender } from '../../integrations/web-push';

export async function pushToDevices(
  knex: Knex,
  sender: PushSender,
  devices: readonly PushSubscription[],
  payload: string,
  options: PushMessageOptions,
): Promise<Array<readonly [PushSubscription, PushOutcome]>> {
  const results = await Promise.all(
    devices.map(
      async (device) =>
        [device, await sender.send({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, options)] as const,
    ),
  );
  const gone = results.filter(([, outcome]) => outcome.kind === 'gone').map(([device]) => device.id);
  if (gone.length > 0) await PushSubscription.query(knex).whereIn('id', gone).delete();
  return results;
}
