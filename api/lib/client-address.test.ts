import { describe, expect, it } from 'vitest';
import { clientAddress, normalizeIp, rateLimitKey } from './client-address';

describe('normalizeIp', () => {
  it('writes one address one way', () => {
    expect(normalizeIp('203.0.113.10')).toBe('203.0.113.10');
    expect(normalizeIp('203.0.113.010')).toBe('203.0.113.10');
    expect(normalizeIp('::ffff:203.0.113.10')).toBe('203.0.113.10');
    expect(normalizeIp('::FFFF:cb00:710a')).toBe('203.0.113.10');
    expect(normalizeIp('203.0.113.10:5555')).toBe('203.0.113.10');
    expect(normalizeIp('[2001:DB8:0:0:0:0:0:1]:443')).toBe('2001:db8::1');
    expect(normalizeIp('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(normalizeIp('::1')).toBe('::1');
  });

  it('refuses what is not an address', () => {
    for (const bad of ['', 'not-an-ip', '203.0.113', '256.1.1.1', '1.2.3.4.5', 'abc::xyz', undefined]) expect(normalizeIp(bad)).toBeNull();
  });
});

describe('clientAddress', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(clientAddress('::ffff:198.51.100.7', '203.0.113.10', 0)).toBe('198.51.100.7');
  });

  it('takes the address the trusted proxy saw, never the left-most one a client wrote', () => {
    // One proxy: it appended the real client (192.0.2.1) to what the client sent.
    expect(clientAddress('10.0.0.2', 'spoofed-1, 203.0.113.99, 192.0.2.1', 1)).toBe('192.0.2.1');
    // Two proxies: the outer one appended the client, the inner one appended the outer proxy.
    expect(clientAddress('10.0.0.2', '203.0.113.99, 192.0.2.1, 10.0.0.1', 2)).toBe('192.0.2.1');
    // Fewer entries than trusted hops: the left-most present.
    expect(clientAddress('10.0.0.2', '192.0.2.1', 3)).toBe('192.0.2.1');
    // Garbage from a trusted proxy falls back to that proxy.
    expect(clientAddress('10.0.0.2', 'not-an-ip', 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '', 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '192.0.2.010', 1)).toBe('192.0.2.10');
  });
});

describe('rateLimitKey', () => {
  it('buckets IPv6 clients by /64 and IPv4 by address', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:2:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('203.0.113.10')).toBe('203.0.113.10');
  });
});
