import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      logLevel: 'info',
      seminarSweepMinutes: 5,
      smtpUrl: undefined,
      mailFrom: 'LifeScience Academy <no-reply@lifescience-academy.local>',
      mailOutboxFile: 'data/mail-outbox.jsonl',
      authSecret: undefined,
      authSecretFile: 'data/auth-secret',
      adminEmail: undefined,
      loginLimitPerIp: 30,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', DATABASE_URL: 'mysql://u:p@db:3307/training', PUBLIC_URL: 'https://learn.example.com/', SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: 'mysql://u:p@db:3307/training', publicUrl: 'https://learn.example.com', seedDemo: false, logLevel: 'warn' });
  });

  it('names each invalid variable', () => {
    const attempt = () => loadConfig({ PORT: '99999', DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud', PUBLIC_URL: 'not a url' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'LOG_LEVEL', 'PUBLIC_URL']) expect(message).toContain(name);
    }
  });
});
