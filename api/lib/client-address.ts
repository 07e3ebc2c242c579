/**
 * Who is calling, as far as we can trust it. Proxy headers are believed only when the operator
 * says how many reverse proxies stand in front of the app (TRUST_PROXY = N): the client is then
 * the N-th address from the right of X-Forwarded-For, the one the outermost trusted proxy saw.
 * Anything further left was written by the client and is ignored. With no trusted proxy the
 * socket's peer is the client.
 *
 * Addresses are normalised so one client cannot look like many: IPv4-mapped IPv6 becomes IPv4,
 * leading zeros are dropped, IPv6 is written in one canonical form, and rate limits bucket IPv6
 * clients by their /64 (one subscriber's whole network).
 */
import net from 'node:net';

/** The canonical form of an IP address, or null when `raw` is not one. */
export function normalizeIp(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let value = raw.trim();
  // "[v6]:port", "[v6]", "v4:port" as some proxies write them.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.replace(/%.*$/, ''); // zone id
  const v4 = normalizeIPv4(value);
  if (v4) return v4;
  if (!value.includes(':')) return null;
  const groups = expandIPv6(value);
  if (!groups) return null;
  // IPv4-mapped (::ffff:a.b.c.d) is the IPv4 client itself.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return compressIPv6(groups);
}

function normalizeIPv4(value: string): string | null {
  const parts = value.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map((p) => Number.parseInt(p, 10));
  if (octets.some((o) => o > 255)) return null;
  return octets.join('.');
}

/** Eight 16-bit groups, or null. Accepts "::" shortening and a trailing dotted IPv4. */
function expandIPv6(value: string): number[] | null {
  if (!net.isIPv6(value)) return null;
  let text = value.toLowerCase();
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = normalizeIPv4(dotted[1]!);
    if (!v4) return null;
    const o = v4.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  const groups = all.map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** RFC 5952 text: lowercase, no leading zeros, the longest run of zero groups (≥ 2) as "::". */
function compressIPv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestLength < 2) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/**
 * The client's address: with `trustedProxies` = 0 the socket peer; with N the N-th entry from
 * the right of X-Forwarded-For (fewer entries: the left-most one present). An entry a trusted
 * proxy wrote that is not an address falls back to that proxy's own address.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trustedProxies: number): string {
  const peer = normalizeIp(socketAddress) ?? 'unknown';
  if (trustedProxies <= 0 || !forwardedFor) return peer;
  const chain = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return peer;
  // chain + peer: the peer is the nearest proxy; each trusted proxy vouches for the one to its left.
  const hops = [...chain.map((entry) => normalizeIp(entry)), peer];
  let index = Math.max(0, hops.length - 1 - trustedProxies);
  while (index < hops.length - 1 && !hops[index]) index++;
  return hops[index] ?? peer;
}

/** The key rate limits count a client under: the IPv4 address, or the IPv6 /64 network. */
export function rateLimitKey(address: string): string {
  if (!address.includes(':')) return address;
  const groups = expandIPv6(address);
  if (!groups) return address;
  return `${compressIPv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}
