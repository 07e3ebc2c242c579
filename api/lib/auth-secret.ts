/** The server secret behind login-code HMACs: AUTH_SECRET, or one generated once and kept under data/. */
import crypto from 'node:crypto';
import { keptSecret } from './kept-secret';

export function resolveAuthSecret(configured: string | undefined, file: string): string {
  if (configured) return configured;
  return keptSecret(file, {
    parse: (text) => (text.trim().length >= 32 ? text.trim() : undefined),
    create: () => crypto.randomBytes(32).toString('hex'),
    format: (secret) => secret,
  });
}
