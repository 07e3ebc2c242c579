import { describe, expect, it } from 'vitest';
import { deriveKey, hmacBase64Url, openSecret, safeEqualText, sealSecret } from './crypto';

describe('sealSecret / openSecret', () => {
  const key = deriveKey('server-secret-0123456789abcdef0123456789', 'client-secrets');
  it('opens what it sealed, and nothing tampered or sealed with another key', () => {
    const sealed = sealSecret(key, 'pi_123_secret_abc');
    expect(sealed).not.toContain('pi_123');
    expect(openSecret(key, sealed)).toBe('pi_123_secret_abc');
    const [iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(openSecret(key, [iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(openSecret(deriveKey('another-secret-0123456789abcdef01234567', 'client-secrets'), sealed)).toBeNull();
    expect(openSecret(key, 'garbage')).toBeNull();
  });
});

describe('hmacBase64Url / safeEqualText', () => {
  const key = deriveKey('server-secret-0123456789abcdef0123456789', 'lesson-media');
  it('signs a value the same way each time, differently per purpose and per value, and compares signatures whole', () => {
    const signature = hmacBase64Url(key, 'lesson:user:1700000000');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hmacBase64Url(key, 'lesson:user:1700000000')).toBe(signature);
    expect(hmacBase64Url(key, 'lesson:user:1700000001')).not.toBe(signature);
    expect(hmacBase64Url(deriveKey('server-secret-0123456789abcdef0123456789', 'join-links'), 'lesson:user:1700000000')).not.toBe(signature);
    expect(safeEqualText(signature, signature)).toBe(true);
    expect(safeEqualText(`${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, signature)).toBe(false);
    expect(safeEqualText(signature.slice(0, -1), signature)).toBe(false);
    expect(safeEqualText('', signature)).toBe(false);
  });
});
