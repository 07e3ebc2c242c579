/**
 * The VAPID key pair that signs every web-push request: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or
 * a pair generated once and kept under data/ (like the auth secret), so subscriptions made by
 * browsers keep working after a restart.
 */
import webpush from 'web-push';
import { keptSecret } from './kept-secret';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface VapidDetails extends VapidKeys {
  /** mailto: or https: contact for push services. */
  subject: string;
}

const isKey = (value: unknown, bytes: number): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes;

export function resolveVapidKeys(configured: Partial<VapidKeys>, file: string): VapidKeys {
  // Configured keys are checked by the configuration (api/config.ts).
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  return keptSecret(file, {
    parse: (text) => {
      const saved = JSON.parse(text) as Partial<VapidKeys>;
      return isVapidKeyPair(saved) ? { publicKey: saved.publicKey!, privateKey: saved.privateKey! } : undefined;
    },
    create: () => {
      const keys = webpush.generateVAPIDKeys();
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    },
    format: (keys) => JSON.stringify(keys, null, 2),
  });
}

/** True for a well-formed pair (65-byte uncompressed P-256 public key, 32-byte private key). */
export function isVapidKeyPair(keys: Partial<VapidKeys>): boolean {
  return isKey(keys.publicKey, 65) && isKey(keys.privateKey, 32);
}
