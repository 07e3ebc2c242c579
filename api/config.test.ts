import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses Stripe only when both keys are set, and names a half configuration', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_PRIME: 'price_a', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(config.stripe).toMatchObject({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', prices: { price_prime_monthly: 'price_a' }, api: { host: '127.0.0.1', port: 12111, protocol: 'http' } });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'nope', STRIPE_PUBLISHABLE_KEY: 'pk_1' })).toThrow(/STRIPE_SECRET_KEY/);
  });

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
      stripe: undefined,
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
