import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_LIMITS, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses Stripe only when both keys are set, and names a half configuration', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_PRIME: 'price_a',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.stripe).toMatchObject({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      prices: { price_prime_monthly: 'price_a' },
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
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
      jobs: true,
      smtpUrl: undefined,
      mailFrom: 'LifeScience Academy <no-reply@lifescience-academy.local>',
      mailOutboxFile: 'data/mail-outbox.jsonl',
      supportEmail: 'support@lifescience-academy.example',
      authSecret: undefined,
      authSecretFile: 'data/auth-secret',
      adminEmail: undefined,
      trustProxy: 0,
      limits: DEFAULT_LIMITS,
      catalogueCache: { windowMs: 1000, maxBytes: 96 * 1024 * 1024 },
      paymentProcessor: 'test',
      stripe: undefined,
      uploadDir: 'data/uploads',
      s3: undefined,
      reminderSweepSeconds: 60,
      waitlistSweepSeconds: 60,
      transcode: { concurrency: 1, ffmpegPath: undefined, ffprobePath: undefined },
      vapid: { publicKey: undefined, privateKey: undefined, subject: 'mailto:support@lifescience-academy.example', file: 'data/vapid.json' },
      pushTestOrigins: [],
      issuer: { didDomain: 'localhost:3000', keySeed: undefined, keyFile: 'data/issuer-key.json' },
      certificateSigning: undefined,
    });
  });

  it('reads the credential issuer: its DID domain (default PUBLIC_URL’s host) and key seed, refusing malformed ones', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080/' }).issuer.didDomain).toBe('127.0.0.1:8080');
    const seed = Buffer.alloc(32, 9).toString('base64url');
    expect(loadConfig({ ISSUER_DID_DOMAIN: 'credentials.example.com', ISSUER_KEY_SEED: seed, ISSUER_KEY_FILE: '/var/keys/issuer.json' }).issuer).toEqual({
      didDomain: 'credentials.example.com',
      keySeed: seed,
      keyFile: '/var/keys/issuer.json',
    });
    expect(() => loadConfig({ ISSUER_DID_DOMAIN: 'https://credentials.example.com/x' })).toThrow(/ISSUER_DID_DOMAIN/);
    expect(() => loadConfig({ ISSUER_KEY_SEED: 'too-short' })).toThrow(/ISSUER_KEY_SEED/);
  });

  it('reads the reminder and web-push settings, VAPID keys both or neither', () => {
    const keys = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'C'.repeat(43) };
    const config = loadConfig({
      ...keys,
      VAPID_SUBJECT: 'https://learn.example.com/contact',
      REMINDER_SWEEP_SECONDS: '30',
      PUSH_TEST_ORIGINS: 'http://127.0.0.1:4555, http://localhost:9000',
    });
    expect(config.vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'https://learn.example.com/contact',
      file: 'data/vapid.json',
    });
    expect(config.reminderSweepSeconds).toBe(30);
    expect(config.pushTestOrigins).toEqual(['http://127.0.0.1:4555', 'http://localhost:9000']);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ PUSH_TEST_ORIGINS: 'http://127.0.0.1:4555/path' })).toThrow(/PUSH_TEST_ORIGINS/);
    expect(() => loadConfig({ REMINDER_SWEEP_SECONDS: '0' })).toThrow(/REMINDER_SWEEP_SECONDS/);
  });

  it('stores uploads in S3 only with all four S3 settings', () => {
    const s3 = {
      S3_BUCKET: 'course-images',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    };
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'course-images',
      region: 'eu-west-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      endpoint: 'http://127.0.0.1:9000',
      publicUrl: undefined,
    });
    expect(() => loadConfig({ S3_BUCKET: 'course-images' })).toThrow(/set all four/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET/);
  });

  it("uses Zoom only with all three ZOOM_ credentials, at Zoom's addresses unless told otherwise", () => {
    const zoom = { ZOOM_ACCOUNT_ID: 'acct', ZOOM_CLIENT_ID: 'client', ZOOM_CLIENT_SECRET: 'secret' };
    expect(loadConfig({}).zoom).toBeUndefined();
    expect(loadConfig(zoom).zoom).toEqual({
      accountId: 'acct',
      clientId: 'client',
      clientSecret: 'secret',
      apiUrl: 'https://api.zoom.us/v2',
      oauthUrl: 'https://zoom.us/oauth/token',
    });
    expect(loadConfig({ ...zoom, ZOOM_API_URL: 'http://127.0.0.1:4000/v2/', ZOOM_OAUTH_URL: 'http://127.0.0.1:4000/oauth/token' }).zoom).toMatchObject({
      apiUrl: 'http://127.0.0.1:4000/v2',
      oauthUrl: 'http://127.0.0.1:4000/oauth/token',
    });
    expect(() => loadConfig({ ZOOM_ACCOUNT_ID: 'acct', ZOOM_CLIENT_ID: 'client' })).toThrow(/set all three/);
    expect(() => loadConfig({ ...zoom, ZOOM_API_URL: 'not a url' })).toThrow(/ZOOM_API_URL/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'mysql://u:p@db:3307/training',
      PUBLIC_URL: 'https://learn.example.com/',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PAYMENT_PROCESSOR: 'test',
      TRUST_PROXY: '1',
      LOGIN_LIMIT_PER_DOMAIN: '50',
      LOGIN_LIMIT_GLOBAL: '500',
      REGISTER_LIMIT_PER_IP: '4',
      CHECKOUT_LIMIT_PER_IP: '6',
      CHECKOUT_LIMIT_PER_EMAIL: '3',
      COUPON_ATTEMPTS_PER_IP: '7',
      MAX_SEATS_PER_ORDER: '5',
      MAX_SEATS_PER_CHECKOUT: '20',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'mysql://u:p@db:3307/training',
      publicUrl: 'https://learn.example.com',
      seedDemo: false,
      logLevel: 'warn',
    });
    expect(config).toMatchObject({ paymentProcessor: 'test', trustProxy: 1 });
    expect(config.limits).toEqual({
      ...DEFAULT_LIMITS,
      loginPerDomain: 50,
      loginGlobal: 500,
      registerPerIp: 4,
      checkoutPerIp: 6,
      checkoutPerEmail: 3,
      couponAttemptsPerIp: 7,
      maxSeatsPerOrder: 5,
      maxSeatsPerCheckout: 20,
    });
  });

  it('reads JOBS: on by default, off makes `npm start` serve HTTP only', () => {
    expect(loadConfig({ JOBS: 'off' }).jobs).toBe(false);
    expect(loadConfig({ JOBS: 'on' }).jobs).toBe(true);
    expect(() => loadConfig({ JOBS: 'sometimes' })).toThrow(/JOBS: must be one of/);
  });

  it('refuses to run the test processor on a public address unless asked to', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://learn.example.com' })).toThrow(/PAYMENT_PROCESSOR[\s\S]*STRIPE_SECRET_KEY/);
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://app.localhost']) {
      expect(loadConfig({ PUBLIC_URL: local }).paymentProcessor).toBe('test');
    }
    expect(loadConfig({ PUBLIC_URL: 'https://learn.example.com', PAYMENT_PROCESSOR: 'test' }).paymentProcessor).toBe('test');
    const stripe = loadConfig({ PUBLIC_URL: 'https://learn.example.com', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' });
    expect(stripe.paymentProcessor).toBe('stripe');
    expect(() => loadConfig({ PAYMENT_PROCESSOR: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENT_PROCESSOR: 'test', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(/PAYMENT_PROCESSOR/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
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
