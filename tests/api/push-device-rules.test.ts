/**
 * Push devices (issue 27, points 9 and 10): an `expirationTime` no browser gives is 400 with
 * nothing written (it was a 500); an account keeps its 20 most recently registered devices; and a
 * device registered to one account moves to another only with its auth secret as stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { EXPIRATION_MESSAGE } from '@contracts/push';
import { ENDPOINT_TAKEN_MESSAGE, MAX_DEVICES_PER_ACCOUNT } from '@api/services/push/subscriptions';
import { createSession, createUser } from './support/factories';
import { startPushService, type PushServiceStandIn } from './support/push-service';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let pushService: PushServiceStandIn;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@academy.test' };
/** The server's clock (sessions are made on the real one): each registration below is a second after the one before. */
let now = Date.now();
const tick = () => (now += 1000);

beforeAll(async () => {
  db = await createTestDatabase();
  pushService = await startPushService(() => vapid.publicKey);
  api = await startTestServer(db.knex, { clock: () => new Date(now), push: { vapid, testOrigins: [pushService.origin] } });
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

const endpoints = async (auth: Record<string, string>) =>
  ((await api.get('/api/push/subscriptions', auth)).body as Array<{ endpoint: string }>).map((d) => d.endpoint);
const rowsFor = async (endpoint: string) => db.knex('push_subscriptions').where({ endpoint });

describe('expirationTime', () => {
  it('refuses a time no browser gives with 400 and writes nothing; takes null and real times', async () => {
    const { user, auth } = await signedIn();
    for (const expirationTime of [1e308, -1e308, -1, 0, Date.UTC(10000, 0, 1), '2027-01-01', true, {}]) {
      const browser = pushService.newBrowser();
      const response = await api.request('POST', '/api/push/subscriptions', { ...browser.subscription, expirationTime }, auth);
      expect(response.status, String(expirationTime)).toBe(400);
      expect(response.body.message).toBe(EXPIRATION_MESSAGE);
      expect(await rowsFor(browser.subscription.endpoint)).toHaveLength(0);
    }
    expect(await endpoints(auth)).toEqual([]);

    const inAMonth = now + 30 * 86_400_000 + 0.25;
    for (const expirationTime of [null, undefined, inAMonth]) {
      const browser = pushService.newBrowser();
      expect((await api.request('POST', '/api/push/subscriptions', { ...browser.subscription, expirationTime }, auth)).status).toBe(201);
    }
    const saved = await db.knex('push_subscriptions').where('user_id', user.id).orderBy('expiration_time');
    expect(saved.map((row: { expiration_time: string | null }) => row.expiration_time)).toEqual(
      [null, null, new Date(inAMonth).toISOString()].sort((a, b) => (a === null ? -1 : b === null ? 1 : 0)),
    );
    expect(await endpoints(auth)).toHaveLength(3);
  });

  it('refuses it on the service worker’s renewal too, and the old device stays', async () => {
    const { auth } = await signedIn();
    const old = pushService.newBrowser();
    await api.request('POST', '/api/push/subscriptions', old.subscription, auth);
    const replacement = pushService.newBrowser();
    const renewed = await api.request('POST', '/api/push/subscriptions/renew', {
      oldEndpoint: old.subscription.endpoint,
      oldAuth: old.subscription.keys.auth,
      subscription: { ...replacement.subscription, expirationTime: 1e308 },
    });
    expect(renewed.status).toBe(400);
    expect(renewed.body.message).toBe(EXPIRATION_MESSAGE);
    expect(await endpoints(auth)).toEqual([old.subscription.endpoint]);
  });
});

describe('devices per account', () => {
  it(`keeps the ${MAX_DEVICES_PER_ACCOUNT} most recently registered: the 21st replaces the one registered longest ago`, async () => {
    const { auth } = await signedIn();
    const other = await signedIn();
    const theirs = pushService.newBrowser();
    tick();
    await api.request('POST', '/api/push/subscriptions', theirs.subscription, other.auth);

    const browsers = Array.from({ length: MAX_DEVICES_PER_ACCOUNT }, () => pushService.newBrowser());
    for (const browser of browsers) {
      tick();
      expect((await api.request('POST', '/api/push/subscriptions', browser.subscription, auth)).status).toBe(201);
    }
    expect(await endpoints(auth)).toHaveLength(MAX_DEVICES_PER_ACCOUNT);

    // The first device is used again (the app registers it again): now the second is the oldest.
    tick();
    expect((await api.request('POST', '/api/push/subscriptions', browsers[0]!.subscription, auth)).status).toBe(200);
    const extra = pushService.newBrowser();
    tick();
    expect((await api.request('POST', '/api/push/subscriptions', extra.subscription, auth)).status).toBe(201);
    let list = await endpoints(auth);
    expect(list).toHaveLength(MAX_DEVICES_PER_ACCOUNT);
    expect(list).toContain(extra.subscription.endpoint);
    expect(list).toContain(browsers[0]!.subscription.endpoint);
    expect(list).not.toContain(browsers[1]!.subscription.endpoint);

    const another = pushService.newBrowser();
    tick();
    await api.request('POST', '/api/push/subscriptions', another.subscription, auth);
    list = await endpoints(auth);
    expect(list).toHaveLength(MAX_DEVICES_PER_ACCOUNT);
    expect(list).not.toContain(browsers[2]!.subscription.endpoint);
    expect(list).toContain(another.subscription.endpoint);

    // A renewal replaces a device: it counts once, and nothing else goes.
    const renewedTo = pushService.newBrowser();
    tick();
    const renewed = await api.request('POST', '/api/push/subscriptions/renew', {
      oldEndpoint: another.subscription.endpoint,
      oldAuth: another.subscription.keys.auth,
      subscription: renewedTo.subscription,
    });
    expect(renewed.status).toBe(200);
    const afterRenewal = await endpoints(auth);
    expect(afterRenewal).toHaveLength(MAX_DEVICES_PER_ACCOUNT);
    expect(afterRenewal.sort()).toEqual([...list.filter((e) => e !== another.subscription.endpoint), renewedTo.subscription.endpoint].sort());

    // Someone else's devices are never counted nor removed.
    expect(await endpoints(other.auth)).toEqual([theirs.subscription.endpoint]);
  });

  it('holds the cap when many devices register at once', async () => {
    const { auth } = await signedIn();
    const browsers = Array.from({ length: MAX_DEVICES_PER_ACCOUNT + 10 }, () => pushService.newBrowser());
    const responses = await Promise.all(browsers.map((browser) => api.request('POST', '/api/push/subscriptions', browser.subscription, auth)));
    expect(responses.map((r) => r.status)).toEqual(browsers.map(() => 201));
    expect((await endpoints(auth)).length).toBeLessThanOrEqual(MAX_DEVICES_PER_ACCOUNT);
  });
});

describe('a device registered to another account', () => {
  it('is not moved by someone who only knows its endpoint (409, nothing changes)', async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const browser = pushService.newBrowser();
    await api.request('POST', '/api/push/subscriptions', browser.subscription, owner.auth);
    const [before] = await rowsFor(browser.subscription.endpoint);

    const ownKeys = pushService.newBrowser().subscription.keys;
    const taken = await api.request('POST', '/api/push/subscriptions', { endpoint: browser.subscription.endpoint, keys: ownKeys }, stranger.auth);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ENDPOINT_TAKEN_MESSAGE);
    // The right public key but another secret is no proof either.
    const halfKnown = await api.request(
      'POST',
      '/api/push/subscriptions',
      { endpoint: browser.subscription.endpoint, keys: { p256dh: browser.subscription.keys.p256dh, auth: ownKeys.auth } },
      stranger.auth,
    );
    expect(halfKnown.status).toBe(409);

    expect(await rowsFor(browser.subscription.endpoint)).toEqual([before]);
    expect(await endpoints(owner.auth)).toEqual([browser.subscription.endpoint]);
    expect(await endpoints(stranger.auth)).toEqual([]);
  });

  it('moves when the same browser signs in to another account (it sends the same auth secret)', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const browser = pushService.newBrowser();
    await api.request('POST', '/api/push/subscriptions', browser.subscription, first.auth);
    tick();
    const moved = await api.request('POST', '/api/push/subscriptions', browser.subscription, second.auth);
    expect(moved.status).toBe(200);
    expect(await endpoints(first.auth)).toEqual([]);
    expect(await endpoints(second.auth)).toEqual([browser.subscription.endpoint]);
  });

  it('is not taken over by a renewal either, unless its own secret comes with it', async () => {
    const owner = await signedIn();
    const renewing = await signedIn();
    const ownersBrowser = pushService.newBrowser();
    await api.request('POST', '/api/push/subscriptions', ownersBrowser.subscription, owner.auth);
    const old = pushService.newBrowser();
    await api.request('POST', '/api/push/subscriptions', old.subscription, renewing.auth);

    const onto = { endpoint: ownersBrowser.subscription.endpoint, keys: old.subscription.keys };
    const refused = await api.request('POST', '/api/push/subscriptions/renew', {
      oldEndpoint: old.subscription.endpoint,
      oldAuth: old.subscription.keys.auth,
      subscription: onto,
    });
    expect(refused.status).toBe(409);
    expect(await endpoints(owner.auth)).toEqual([ownersBrowser.subscription.endpoint]);
    expect(await endpoints(renewing.auth)).toEqual([old.subscription.endpoint]);
  });
});
