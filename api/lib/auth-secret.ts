/** The server secret behind login-code HMACs: AUTH_SECRET, or one generated once and kept under data/. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function resolveAuthSecret(configured: string | undefined, file: string): string {
  if (configured) return configured;
  const resolved = path.resolve(file);
  try {
    const existing = fs.readFileSync(resolved, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: create it below.
  }
  const secret = crypto.randomBytes(32).toString('hex');
  fs.mkdirSync(path.dirname(resolved), { recursive: true });
  fs.writeFileSync(resolved, secret + '\n', { mode: 0o600 });
  return secret;
}
