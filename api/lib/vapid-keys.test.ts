import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isVapidKeyPair, resolveVapidKeys } from './vapid-keys';

describe('resolveVapidKeys', () => {
  it('generates a pair once into the file and reads it back after a restart', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-')), 'data', 'vapid.json');
    const first = resolveVapidKeys({}, file);
    expect(isVapidKeyPair(first)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeys({}, file)).toEqual(first);
  });

  it('uses the configured pair and writes nothing', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-')), 'vapid.json');
    const configured = { publicKey: 'public', privateKey: 'private' };
    expect(resolveVapidKeys(configured, file)).toEqual(configured);
    expect(fs.existsSync(file)).toBe(false);
  });
});
