/**
 * Web push and reminders (issue 15): the browser's PushSubscription as the API takes it, the
 * devices list, the reminder preferences, and what a reminder notification carries. Shared with
 * the PWA and its service worker.
 */
import { z } from 'zod';

export const ENDPOINT_MESSAGE = 'The push endpoint must be an https URL of a push service';

const base64url = (name: string, min: number, max: number) =>
  z
    .string({ error: `keys.${name} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `keys.${name} must be base64url` })
    .min(min, { error: `keys.${name} is too short` })
    .max(max, { error: `keys.${name} is too long` });

export const pushEndpointSchema = z
  .string({ error: ENDPOINT_MESSAGE })
  .trim()
  .max(2000, { error: 'The push endpoint is too long' })
  .pipe(z.url({ error: ENDPOINT_MESSAGE }));

export const EXPIRATION_MESSAGE = 'expirationTime must be null or a time in milliseconds since 1970';
/** The latest expiry taken: 9999-12-31T23:59:59.999Z (what a date column and `toISOString()` can hold). */
export const MAX_EXPIRATION_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * `PushSubscription.expirationTime`: null (no expiry, what browsers send) or a DOMHighResTimeStamp,
 * milliseconds since 1970 (fractions allowed). Anything else — negative, zero, past year 9999,
 * Infinity — is no time a browser gives.
 */
const expirationTimeSchema = z
  .number({ error: EXPIRATION_MESSAGE })
  .positive({ error: EXPIRATION_MESSAGE })
  .max(MAX_EXPIRATION_TIME, { error: EXPIRATION_MESSAGE })
  .nullable()
  .optional();

/** `PushSubscription.toJSON()`: the endpoint and the browser's keys (P-256 public key, 16-byte auth secret). */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: expirationTimeSchema,
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes, first 0x04) and a 16-byte secret, as the browser gives them: anything else could never be encrypted to.
      p256dh: base64url('p256dh', 80, 100).regex(/^B[A-P][A-Za-z0-9_-]{85}=?$/, { error: 'keys.p256dh must be a P-256 public key' }),
      auth: base64url('auth', 16, 32).regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: 'keys.auth must be 16 bytes' }),
    },
    { error: 'keys.p256dh and keys.auth are required' },
  ),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const deletePushSubscriptionSchema = z.object({ endpoint: pushEndpointSchema });

/**
 * `pushsubscriptionchange` in the service worker (which has no session token): the new
 * subscription, proven by the old one's endpoint and auth secret (a secret only the browser and
 * this server know; the push service never sees it).
 */
export const renewPushSubscriptionSchema = z.object({
  oldEndpoint: pushEndpointSchema,
  oldAuth: base64url('auth', 16, 32),
  subscription: pushSubscriptionSchema,
});

export const pushDeviceSchema = z.object({ id: z.string(), endpoint: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const reminderPreferencesSchema = z.object({
  push: z.boolean({ error: 'push must be true or false' }),
  email: z.boolean({ error: 'email must be true or false' }),
});
export type ReminderPreferences = z.infer<typeof reminderPreferencesSchema>;

export const publicKeyResponseSchema = z.object({ publicKey: z.string() });

/** What the service worker receives (encrypted) and shows. */
export const reminderPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type ReminderPayload = z.infer<typeof reminderPayloadSchema>;

/** RFC 8291 (aes128gcm, one record of 4096 bytes): what is left for the plain text. */
export const MAX_PUSH_PAYLOAD_BYTES = 3993;

export { LIVE_SESSION_TYPES, isLiveSessionType } from './live-sessions';
