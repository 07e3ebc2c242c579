/**
 * A secret the server generates once and keeps under data/ (mode 600) when configuration gives
 * none: read it back if the file holds a valid one, else make a new one and write it. The auth
 * secret and the VAPID key pair both live this way.
 */
import fs from 'node:fs';
import path from 'node:path';

export function keptSecret<T>(file: string, how: { parse: (text: string) => T | undefined; create: () => T; format: (value: T) => string }): T {
  const resolved = path.resolve(file);
  try {
    const saved = how.parse(fs.readFileSync(resolved, 'utf8'));
    if (saved !== undefined) return saved;
  } catch {
    // Not there yet (or unreadable): made below.
  }
  const value = how.create();
  fs.mkdirSync(path.dirname(resolved), { recursive: true });
  fs.writeFileSync(resolved, how.format(value) + '\n', { mode: 0o600 });
  return value;
}
