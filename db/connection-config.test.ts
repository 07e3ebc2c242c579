import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './connection-config';

describe('parseDatabaseUrl', () => {
  it('defaults to data/app.sqlite', () => {
    expect(parseDatabaseUrl(undefined, '/srv/app')).toEqual({ kind: 'sqlite', filename: path.resolve('/srv/app/data/app.sqlite') });
  });

  it('reads sqlite:<path> and sqlite::memory:', () => {
    expect(parseDatabaseUrl('sqlite:tmp/x.sqlite', '/srv/app').filename).toBe(path.resolve('/srv/app/tmp/x.sqlite'));
    expect(parseDatabaseUrl('sqlite:/var/lib/app.sqlite').filename).toBe('/var/lib/app.sqlite');
    expect(parseDatabaseUrl('sqlite::memory:').filename).toBe(':memory:');
  });

  it('reads mysql URLs with encoded credentials', () => {
    expect(parseDatabaseUrl('mysql://app%40svc:p%2Fw@db.internal:3307/training')).toEqual({
      kind: 'mysql',
      mysql: { host: 'db.internal', port: 3307, user: 'app@svc', password: 'p/w', database: 'training' },
    });
  });

  it('rejects other schemes and a mysql URL without a database', () => {
    expect(() => parseDatabaseUrl('postgres://x/y')).toThrow(/sqlite: or mysql/);
    expect(() => parseDatabaseUrl('mysql://root@localhost:3306')).toThrow(/name a database/);
  });
});
