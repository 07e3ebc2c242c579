/**
 * Web-push devices and reminder preferences over HTTP (issue 15): the VAPID public key, saving a
 * browser's PushSubscription (201, then 200 for the same endpoint), listing and removing devices,
 * endpoints refused unless they are a public push service's https address or a PUSH_TEST_ORIGINS
 * origin, the service worker's renewal, and PUT /api/profile/reminders.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { profileResponseSchema } from '@contracts/auth';
import { createSession, createUser } from './support/factories';
import { startPushService, type PushServiceStandIn } from './support/push-service';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let pushService: PushServiceStandIn;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@academy.test' };

beforeAll(async () => {
  db = await createTestDatabase();
  pushService = await startPushService(() => vapid.publicKey);
  api = await startTestServer(db.knex, { push: { vapid, testOrigins: [pushService.origin] } });
});

afterAll(async () => {
  await api?.close();
  await pushService?.close();
  await db?.destroy();
});

async function signedIn() {
  const user = await createUser(db.knex);
  return { user, auth: { Authorization: `Bearer ${await createSession(db.knex, user.id)}` } };
}

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key the server signs with', async () => {
    const { status, body } = await api.get('/api/push/public-key');
    expect(status).toBe(200);
    expect(body).toEqual({ publicKey: vapid.publicKey });
  });
});

describe('/api/push/subscriptions', () => {
  it('saves a device (201), updates the same endpoint (200), lists and removes it', async () => {
    const { auth } = await signedIn();
    const browser = pushService.newBrowser();
    const first = await api.request('POST', '/api/push/subscriptions', { ...browser.subscription, expirationTime: null }, auth);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ endpoint: browser.subscription.endpoint });

    const second = pushService.newBrowser();
    const again = await api.request('POST', '/api/push/subscriptions', { endpoint: browser.subscription.endpoint, keys: second.subscription.keys }, auth);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const row = await db.knex('push_subscriptions').where({ id: first.body.id }).first();
    expect(row.p256dh).toBe(second.subscription.keys.p256dh);

    // A second device of the same user.
    expect((await api.request('POST', '/api/push/subscriptions', second.subscription, auth)).status).toBe(201);
    const list = await api.get('/api/push/subscriptions', auth);
    expect(list.status).toBe(200);
    expect(list.body.map((d: { endpoint: string }) => d.endpoint).sort()).toEqual([browser.subscription.endpoint, second.subscription.endpoint].sort());

    const removed = await api.request('DELETE', '/api/push/subscriptions', { endpoint: browser.subscription.endpoint }, auth);
    expect(removed.status).toBe(204);
    expect((await api.get('/api/push/subscriptions', auth)).body.map((d: { endpoint: string }) => d.endpoint)).toEqual([second.subscription.endpoint]);
  });

  it('keeps each user to their own devices', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const browser = pushService.newBrowser();
    await api.request('POST', '/api/push/subscriptions', browser.subscription, a.auth);
    expect((await api.get('/api/push/subscriptions', b.auth)).body).toEqual([]);
    // Removing someone else's endpoint changes nothing.
    expect((await api.request('DELETE', '/api/push/subscriptions', { endpoint: browser.subscription.endpoint }, b.auth)).status).toBe(204);
    expect((await api.get('/api/push/subscriptions', a.auth)).body).toHaveLength(1);
  });

  it('refuses endpoints that are not a public push service over https (and not a test origin)', async () => {
    const { auth } = await signedIn();
    const keys = pushService.newBrowser().subscription.keys;
    for (const endpoint of [
      'http://127.0.0.1:9/push/abc',
      `${pushService.origin.replace('127.0.0.1', 'localhost')}/push/abc`,
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://attacker.example/collect',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://10.0.0.5/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'not a url',
    ]) {
      const response = await api.request('POST', '/api/push/subscriptions', { endpoint, keys }, auth);
      expect(response.status, endpoint).toBe(400);
      expect(response.body.message).toMatch(/https/);
    }
    expect(await db.knex('push_subscriptions').where('endpoint', 'like', '%attacker%').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const real = await api.request('POST', '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b', keys }, auth);
    expect(real.status).toBe(201);
  });

  it('refuses malformed keys and callers who are not signed in', async () => {
    const { auth } = await signedIn();
    const browser = pushService.newBrowser();
    expect(
      (
        await api.request(
          'POST',
          '/api/push/subscriptions',
          { endpoint: browser.subscription.endpoint, keys: { p256dh: 'short', auth: browser.subscription.keys.auth } },
          auth,
        )
      ).status,
    ).toBe(400);
    expect((await api.request('POST', '/api/push/subscriptions', { endpoint: browser.subscription.endpoint }, auth)).status).toBe(400);
    // Right lengths, but not a P-256 point (65 bytes, first 0x04) or not a 16-byte secret: nothing could ever be encrypted to them.
    const notAPoint = Buffer.alloc(65, 7).toString('base64url');
    expect(
      (
        await api.request(
          'POST',
          '/api/push/subscriptions',
          { endpoint: browser.subscription.endpoint, keys: { p256dh: notAPoint, auth: browser.subscription.keys.auth } },
          auth,
        )
      ).status,
    ).toBe(400);
    const longSecret = crypto.randomBytes(20).toString('base64url');
    expect(
      (
        await api.request(
          'POST',
          '/api/push/subscriptions',
          { endpoint: browser.subscription.endpoint, keys: { p256dh: browser.subscription.keys.p256dh, auth: longSecret } },
          auth,
        )
      ).status,
    ).toBe(400);
    expect((await api.get('/api/push/subscriptions', auth)).body).toEqual([]);
    expect((await api.request('POST', '/api/push/subscriptions', browser.subscription)).status).toBe(401);
    expect((await api.get('/api/push/subscriptions')).status).toBe(401);
    expect((await api.request('DELETE', '/api/push/subscriptions', { endpoint: browser.subscription.endpoint })).status).toBe(401);
  });

  it('lets the service worker replace a subscription it proves with the old auth secret', async () => {
    const { auth } = await signedIn();
    const old = pushService.newBrowser();
    await api.request('POST', '/api/push/subscriptions', old.subscription, auth);
    const replacement = pushService.newBrowser();
    const wrong = await api.request('POST', '/api/push/subscriptions/renew', {
      oldEndpoint: old.subscription.endpoint,
      oldAuth: replacement.subscription.keys.auth,
      subscription: replacement.subscription,
    });
    expect(wrong.status).toBe(404);
    const renewed = await api.request('POST', '/api/push/subscriptions/renew', {
      oldEndpoint: old.subscription.endpoint,
      oldAuth: old.subscription.keys.auth,
      subscription: replacement.subscription,
    });
    expect(renewed.status).toBe(200);
    expect((await api.get('/api/push/subscriptions', auth)).body.map((d: { endpoint: string }) => d.endpoint)).toEqual([replacement.subscription.endpoint]);
  });
});

describe('PUT /api/profile/reminders', () => {
  it('stores the preferences and the profile shows them', async () => {
    const { auth } = await signedIn();
    expect(profileResponseSchema.parse((await api.get('/api/profile', auth)).body).reminders).toEqual({ push: true, email: true });
    const put = await api.request('PUT', '/api/profile/reminders', { push: false, email: true }, auth);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ push: false, email: true });
    expect((await api.get('/api/profile/reminders', auth)).body).toEqual({ push: false, email: true });
    expect(profileResponseSchema.parse((await api.get('/api/profile', auth)).body).reminders).toEqual({ push: false, email: true });
    const bad = await api.request('PUT', '/api/profile/reminders', { push: 'yes', email: true }, auth);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('push must be true or false');
    expect((await api.request('PUT', '/api/profile/reminders', { push: true, email: false })).status).toBe(401);
  });
});
