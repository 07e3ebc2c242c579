/**
 * A stored subscription whose keys nothing can be encrypted to (saved before keys were checked)
 * counts as gone — pruned like a 410 — instead of throwing and failing the reminder for the
 * person's other devices.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createWebPushSender } from './web-push';

describe('createWebPushSender', () => {
  it('answers "gone" for keys that are not a P-256 point, without sending anything', async () => {
    const keys = webpush.generateVAPIDKeys();
    const sender = createWebPushSender({ subject: 'mailto:support@example.com', publicKey: keys.publicKey, privateKey: keys.privateKey });
    const outcome = await sender.send(
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/unreachable-in-tests',
        keys: { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
      },
      JSON.stringify({ title: 'Starts in 15 minutes' }),
      { ttlSeconds: 600, urgency: 'high' },
    );
    expect(outcome).toMatchObject({ kind: 'gone', status: 0 });
  });
});
