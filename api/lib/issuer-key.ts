/**
 * The 32-byte seed of the Ed25519 key that signs certificate credentials (issue 32, point 4):
 * ISSUER_KEY_SEED, or a seed generated once and kept under data/ (like the VAPID keys), so
 * credentials signed before a restart still verify after it. Losing it means every credential
 * issued so far stops verifying: back up data/ (npm run db:backup does not hold it).
 */
import crypto from 'node:crypto';
import { keptSecret } from './kept-secret';

export const ISSUER_SEED_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const seedOf = (text: unknown): Uint8Array | undefined =>
  typeof text === 'string' && ISSUER_SEED_PATTERN.test(text) ? new Uint8Array(Buffer.from(text, 'base64url')) : undefined;

export function resolveIssuerSeed(configured: string | undefined, file: string): Uint8Array {
  if (configured) return seedOf(configured)!; // checked by the configuration (api/config-env.ts)
  return keptSecret(file, {
    parse: (text) => seedOf((JSON.parse(text) as { seed?: unknown }).seed),
    create: () => new Uint8Array(crypto.randomBytes(32)),
    format: (seed) => JSON.stringify({ seed: Buffer.from(seed).toString('base64url') }, null, 2),
  });
}
