/**
 * This browser's push subscription: whether push can work here, the current subscription, and
 * subscribing (which asks for notification permission — only ever from a button press) or
 * unsubscribing.
 */
import type { PushSubscriptionInput } from '@contracts/push';

export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(
      permission === 'denied'
        ? 'Notifications are blocked for this site. Allow them in the browser’s site settings, or get reminders by e-mail.'
        : 'Notifications were not allowed.',
    );
  }
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The active service worker registration, or an error after `ms` (no worker: development mode, or blocked). */
async function registration(ms = 10_000): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The app’s service worker is not running, so this browser cannot receive reminders.')), ms);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * This browser's subscription, read without waiting for the app's worker: a subscription is made
 * through an active worker, so while the worker is still installing (the first visit, precaching
 * the app) there is none, and the reminders card need not show a spinner until it is done.
 */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg?.active ? reg.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function subscriptionJson(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Asks for permission (call from a click), then subscribes with the server's VAPID key. */
export async function subscribeThisBrowser(publicKey: () => Promise<string>): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const reg = await registration();
  const existing = await reg.pushManager.getSubscription();
  const subscription = existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(await publicKey()) }));
  return subscriptionJson(subscription);
}

export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
