import crypto from 'node:crypto';

export function hmacHex(secret: string, value: string): string {
  return crypto.createHmac('sha256', secret).update(value).digest('hex');
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  return safeEqualBytes(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** Two strings (a signature given and the one expected) compared in constant time. */
export function safeEqualText(given: string, expected: string): boolean {
  return safeEqualBytes(Buffer.from(given), Buffer.from(expected));
}

function safeEqualBytes(left: Buffer, right: Buffer): boolean {
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** HMAC-SHA256 of `value` under a purpose's key (`deriveKey`): the bytes, for codes with their own alphabet. */
export function hmac(key: Buffer, value: string): Buffer {
  return crypto.createHmac('sha256', key).update(value).digest();
}

/** HMAC-SHA256 of `value` under a purpose's key, in base64url (43 characters): signatures and tokens in addresses. */
export function hmacBase64Url(key: Buffer, value: string): string {
  return hmac(key, value).toString('base64url');
}

/** A uniformly random 6-digit code from the CSPRNG. */
export function randomSixDigitCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** A 256-bit key for one purpose, derived from the server secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`key:${purpose}`).digest();
}

/** AES-256-GCM: "iv.tag.ciphertext" in base64url. Authenticated, so a tampered value does not open. */
export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

/** The plaintext of `sealSecret`, or null when the value is malformed, tampered or sealed with another key. */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
