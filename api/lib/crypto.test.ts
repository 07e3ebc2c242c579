import { describe, expect, it } from 'vitest';
import { deriveKey, openSecret, sealSecret } from './crypto';

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
