/**
 * The service worker's reminder handlers, run against a stand-in of the worker's global scope:
 * a push shows its notification (title, body, icon, badge, tag, data.url), a click focuses or
 * opens the course page, and a replaced subscription is renewed at the server with the old
 * subscription's auth secret.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

type Handler = (event: unknown) => void;
const handlers = new Map<string, Handler>();
const origin = 'https://learn.example.com';
const scope = {
  location: { origin },
  addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
  registration: { showNotification: vi.fn(async () => undefined), pushManager: { getSubscription: vi.fn(), subscribe: vi.fn() } },
  clients: { matchAll: vi.fn(), openWindow: vi.fn(async () => null) },
};

function extendable(extra: Record<string, unknown>) {
  const waits: Array<Promise<unknown>> = [];
  return { event: { ...extra, waitUntil: (p: Promise<unknown>) => waits.push(p) }, done: () => Promise.all(waits) };
}

beforeAll(async () => {
  (globalThis as unknown as { self: typeof scope }).self = scope;
  await import('./push');
});

describe('push', () => {
  it('shows the reminder with its tag and the course page', async () => {
    const payload = {
      title: 'Data Integrity Live',
      body: 'Your live webinar starts in 15 minutes: …',
      url: '/courses/abc',
      tag: 'session-abc-202703011500-soon',
    };
    const { event, done } = extendable({ data: { text: () => JSON.stringify(payload) } });
    handlers.get('push')!(event);
    await done();
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Data Integrity Live', {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.tag,
      data: { url: '/courses/abc' },
    });
  });
});

describe('notificationclick', () => {
  const click = async (url: string) => {
    const close = vi.fn();
    const { event, done } = extendable({ notification: { close, data: { url } } });
    handlers.get('notificationclick')!(event);
    await done();
    expect(close).toHaveBeenCalled();
  };

  it('focuses a window already on the page', async () => {
    const focus = vi.fn(async () => undefined);
    scope.clients.matchAll.mockResolvedValue([{ url: `${origin}/courses/abc`, focus }]);
    await click('/courses/abc');
    expect(focus).toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('takes another window of the app there, or opens one', async () => {
    const navigate = vi.fn(async () => undefined);
    const focus = vi.fn(async () => ({ navigate }));
    scope.clients.matchAll.mockResolvedValue([{ url: `${origin}/profile`, focus }]);
    await click('/courses/abc');
    expect(navigate).toHaveBeenCalledWith(`${origin}/courses/abc`);

    scope.clients.matchAll.mockResolvedValue([]);
    await click('/courses/abc');
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${origin}/courses/abc`);
    // Never another site.
    await click('https://attacker.example/phish');
    expect(scope.clients.openWindow).toHaveBeenLastCalledWith(`${origin}/`);
  });
});

describe('pushsubscriptionchange', () => {
  it('tells the server the new subscription, proven by the old auth secret', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const auth = new Uint8Array(16).fill(7);
    const newJson = { endpoint: 'https://fcm.googleapis.com/fcm/send/new', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
    const { event, done } = extendable({
      oldSubscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/old', getKey: (name: string) => (name === 'auth' ? auth.buffer : null) },
      newSubscription: { endpoint: newJson.endpoint, toJSON: () => newJson },
    });
    handlers.get('pushsubscriptionchange')!(event);
    await done();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as unknown as [string, RequestInit];
    expect(url).toBe('/api/push/subscriptions/renew');
    expect(JSON.parse(init.body as string)).toEqual({
      oldEndpoint: 'https://fcm.googleapis.com/fcm/send/old',
      oldAuth: Buffer.from(auth).toString('base64url'),
      subscription: newJson,
    });
    vi.unstubAllGlobals();
  });
});
