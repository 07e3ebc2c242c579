/// <reference lib="webworker" />
/**
 * The service worker's side of reminders (issue 15), imported by sw.ts:
 * - `push`: shows the reminder (title, body, icon, badge, tag, the course page in `data.url`);
 *   the tag is one per session and kind, so a repeated message replaces rather than duplicates.
 * - `notificationclick`: focuses a window already on that page, or another of the app's windows
 *   (and takes it there), or opens one.
 * - `pushsubscriptionchange`: subscribes again and tells the server, proving the device with the
 *   old subscription's auth secret (the worker has no session token); without an old subscription,
 *   open pages are asked to send the new one with their session.
 */
import type { ReminderPayload } from '@contracts/push';

declare const self: ServiceWorkerGlobalScope;

export const PUSH_CHANGED_MESSAGE = 'PUSH_SUBSCRIPTION_CHANGED';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/icon-192.png';

/** The payload as sent, with safe fallbacks for anything missing (a push must always show something). */
export function readReminder(text: string | null): ReminderPayload {
  let data: Partial<Record<keyof ReminderPayload, unknown>> = {};
  try {
    data = text ? (JSON.parse(text) as typeof data) : {};
  } catch {
    data = { body: text ?? '' };
  }
  const str = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
  return {
    title: str(data.title, 'LifeScience Academy'),
    body: str(data.body, 'A live session you are enrolled in starts soon.'),
    url: str(data.url, '/profile'),
    tag: str(data.tag, 'session-reminder'),
  };
}

/** Only pages of this app are opened from a notification. */
export function sameOriginUrl(url: string, origin: string): string {
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : new URL('/', origin).href;
  } catch {
    return new URL('/', origin).href;
  }
}

function base64url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function applicationServerKey(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

self.addEventListener('push', (event) => {
  const reminder = readReminder(event.data ? event.data.text() : null);
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      icon: ICON,
      badge: BADGE,
      tag: reminder.tag,
      data: { url: reminder.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const onPage = windows.find((client) => client.url === url);
      if (onPage) return void (await onPage.focus());
      const other = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (other) {
        const focused = await other.focus();
        return void (await focused.navigate(url).catch(() => self.clients.openWindow(url)));
      }
      await self.clients.openWindow(url);
    })(),
  );
});

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(
    (async () => {
      let subscription = change.newSubscription ?? (await self.registration.pushManager.getSubscription());
      if (!subscription) {
        const { publicKey } = (await (await fetch('/api/push/public-key')).json()) as { publicKey: string };
        subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
      }
      const old = change.oldSubscription;
      if (old && old.endpoint !== subscription.endpoint) {
        const response = await fetch('/api/push/subscriptions/renew', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ oldEndpoint: old.endpoint, oldAuth: base64url(old.getKey('auth')), subscription: subscription.toJSON() }),
        });
        if (response.ok) return;
      }
      // No proof of the old device: a page with a session sends the new subscription.
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage({ type: PUSH_CHANGED_MESSAGE });
    })(),
  );
});
