/**
 * Configuration from the environment, validated once at start. A bad value stops the process
 * with a message naming the variable.
 */
import { envSchema, type Limits } from './config-env';

export { DEFAULT_LIMITS, DEFAULT_SUPPORT_EMAIL, type Limits } from './config-env';

export interface CatalogueCacheConfig {
  windowMs: number;
  maxBytes: number;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** An S3 bucket for uploads (`createS3ObjectStore`). */
export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's address as browsers reach it, when it differs from `endpoint` (e.g. behind a proxy). */
  publicUrl: string | undefined;
}

/** Video transcoding (the `transcode-video` job): transcodes one process runs at once, and the binaries (absent: the npm packages' own). */
export interface TranscodeConfig {
  concurrency: number;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
}

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  seedDemo: boolean;
  logLevel: LogLevel;
  seminarSweepMinutes: number;
  /** JOBS: `npm start` runs the jobs beside HTTP (false: HTTP only; `npm run worker` runs them). */
  jobs: boolean;
  /** Absent: mail goes to the local outbox file and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxFile: string;
  /** Where contact-form messages are mailed. */
  supportEmail: string;
  /** AUTH_SECRET, or the path of the generated one under data/. */
  authSecret: string | undefined;
  authSecretFile: string;
  adminEmail: string | undefined;
  /** Reverse proxies in front of the app whose X-Forwarded-* headers are trusted (0: none). */
  trustProxy: number;
  limits: Limits;
  /** Cached catalogue answers: reuse a version read this recent (ms), and the memory they may use. */
  catalogueCache: CatalogueCacheConfig;
  paymentProcessor: 'test' | 'stripe';
  /** Present when Stripe is the processor. */
  stripe: StripeConfig | undefined;
  /** Uploaded images: this folder, unless S3 is configured. */
  uploadDir: string;
  s3: S3Config | undefined;
  /** Seconds between sweeps of the session-reminder job. */
  reminderSweepSeconds: number;
  /** Seconds between sweeps of the waitlist offers (issue 35). */
  waitlistSweepSeconds: number;
  transcode: TranscodeConfig;
  /** VAPID keys from the environment (both or neither), else generated once into `file`. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string; file: string };
  /** Origins accepted as push endpoints besides the public push services (local stand-ins). */
  pushTestOrigins: string[];
  /** The credentials' signing identity: did:web of `didDomain` (default PUBLIC_URL's host), its key's seed or the file it is kept in. */
  issuer: { didDomain: string; keySeed: string | undefined; keyFile: string };
  /** The PKCS#12 file certificate PDFs are signed with, and its passphrase; absent: unsigned. */
  certificateSigning: { p12File: string; passphrase: string } | undefined;
  /** Zoom's server-to-server OAuth app (all three ZOOM_ credentials), absent: meetings only by link. */
  zoom: ZoomConfig | undefined;
}

/** A Zoom server-to-server OAuth app and where its API is (`integrations/zoom.ts`). */
export interface ZoomConfig {
  accountId: string;
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  oauthUrl: string;
}

/** True for http(s)://localhost, 127.0.0.0/8 and [::1]: a developer's own machine. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  prices: { price_prime_monthly: string | undefined; price_business_yearly: string | undefined };
  /** Tests only: a local stand-in for Stripe's API. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

export class ConfigError extends Error {}

/** For the entry points (`npm start`, `npm run worker`): the configuration, or its message and exit code 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const result = envSchema.safeParse(blankToUndefined);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = result.data;
  if (!!c.STRIPE_SECRET_KEY !== !!c.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both to use Stripe, or neither for the built-in test processor',
    );
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  const hasStripeKeys = !!c.STRIPE_SECRET_KEY;
  if (c.PAYMENT_PROCESSOR === 'stripe' && !hasStripeKeys) {
    throw new ConfigError('Invalid configuration:\n  PAYMENT_PROCESSOR: stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }
  if (c.PAYMENT_PROCESSOR === 'test' && hasStripeKeys) {
    throw new ConfigError('Invalid configuration:\n  PAYMENT_PROCESSOR: test, but Stripe keys are set; remove the keys or set PAYMENT_PROCESSOR=stripe');
  }
  const paymentProcessor = c.PAYMENT_PROCESSOR ?? (hasStripeKeys ? 'stripe' : 'test');
  if (paymentProcessor === 'test' && !c.PAYMENT_PROCESSOR && !isLoopbackUrl(publicUrl)) {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENT_PROCESSOR: PUBLIC_URL is ${publicUrl}, which is not this machine, and no payment processor is configured. ` +
        'Set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take real payments, or PAYMENT_PROCESSOR=test to run the built-in test processor (anyone can "pay" with test cards).',
    );
  }
  const s3Keys = [c.S3_BUCKET, c.S3_REGION, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all four to store uploads in S3, or none to keep them in UPLOAD_DIR',
    );
  }
  const s3: S3Config | undefined = c.S3_BUCKET
    ? {
        bucket: c.S3_BUCKET,
        region: c.S3_REGION!,
        accessKeyId: c.S3_ACCESS_KEY_ID!,
        secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
        endpoint: c.S3_ENDPOINT,
        publicUrl: c.S3_PUBLIC_URL,
      }
    : undefined;
  if (!!c.VAPID_PUBLIC_KEY !== !!c.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither to use the pair generated into VAPID_FILE');
  }
  const zoomKeys = [c.ZOOM_ACCOUNT_ID, c.ZOOM_CLIENT_ID, c.ZOOM_CLIENT_SECRET];
  if (zoomKeys.some(Boolean) && !zoomKeys.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET: set all three to create Zoom meetings, or none');
  }
  const zoom: ZoomConfig | undefined = c.ZOOM_ACCOUNT_ID
    ? {
        accountId: c.ZOOM_ACCOUNT_ID,
        clientId: c.ZOOM_CLIENT_ID!,
        clientSecret: c.ZOOM_CLIENT_SECRET!,
        apiUrl: c.ZOOM_API_URL.replace(/\/$/, ''),
        oauthUrl: c.ZOOM_OAUTH_URL,
      }
    : undefined;
  const stripeApi = c.STRIPE_API_URL ? new URL(c.STRIPE_API_URL) : undefined;
  const stripe: StripeConfig | undefined = c.STRIPE_SECRET_KEY
    ? {
        secretKey: c.STRIPE_SECRET_KEY,
        publishableKey: c.STRIPE_PUBLISHABLE_KEY!,
        webhookSecret: c.STRIPE_WEBHOOK_SECRET,
        prices: { price_prime_monthly: c.STRIPE_PRICE_PRIME, price_business_yearly: c.STRIPE_PRICE_BUSINESS },
        api: stripeApi
          ? {
              host: stripeApi.hostname,
              port: Number(stripeApi.port || (stripeApi.protocol === 'https:' ? 443 : 80)),
              protocol: stripeApi.protocol === 'https:' ? 'https' : 'http',
            }
          : undefined,
      }
    : undefined;
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    publicUrl,
    seedDemo: c.SEED_DEMO,
    logLevel: c.LOG_LEVEL,
    seminarSweepMinutes: c.SEMINAR_SWEEP_MINUTES,
    jobs: c.JOBS,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    mailOutboxFile: c.MAIL_OUTBOX_FILE,
    supportEmail: c.SUPPORT_EMAIL,
    authSecret: c.AUTH_SECRET,
    authSecretFile: c.AUTH_SECRET_FILE,
    adminEmail: c.ADMIN_EMAIL?.trim().toLowerCase(),
    trustProxy: c.TRUST_PROXY,
    limits: {
      loginPerIp: c.LOGIN_LIMIT_PER_IP,
      loginPerEmail: c.LOGIN_LIMIT_PER_EMAIL,
      loginCooldownSeconds: c.LOGIN_COOLDOWN_SECONDS,
      loginPerDomain: c.LOGIN_LIMIT_PER_DOMAIN,
      loginGlobal: c.LOGIN_LIMIT_GLOBAL,
      registerPerIp: c.REGISTER_LIMIT_PER_IP,
      checkoutPerIp: c.CHECKOUT_LIMIT_PER_IP,
      checkoutPerEmail: c.CHECKOUT_LIMIT_PER_EMAIL,
      couponAttemptsPerIp: c.COUPON_ATTEMPTS_PER_IP,
      contactPerIp: c.CONTACT_LIMIT_PER_IP,
      maxSeatsPerOrder: c.MAX_SEATS_PER_ORDER,
      maxSeatsPerCheckout: c.MAX_SEATS_PER_CHECKOUT,
      documentMaxMb: c.DOCUMENT_MAX_MB,
      videoMaxMb: c.VIDEO_MAX_MB,
    },
    catalogueCache: { windowMs: c.CATALOGUE_CACHE_WINDOW_MS, maxBytes: c.CATALOGUE_CACHE_MB * 1024 * 1024 },
    paymentProcessor,
    stripe,
    uploadDir: c.UPLOAD_DIR,
    s3,
    reminderSweepSeconds: c.REMINDER_SWEEP_SECONDS,
    waitlistSweepSeconds: c.WAITLIST_SWEEP_SECONDS,
    transcode: { concurrency: c.TRANSCODE_CONCURRENCY, ffmpegPath: c.FFMPEG_PATH, ffprobePath: c.FFPROBE_PATH },
    vapid: { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject: c.VAPID_SUBJECT ?? `mailto:${c.SUPPORT_EMAIL}`, file: c.VAPID_FILE },
    pushTestOrigins: c.PUSH_TEST_ORIGINS,
    issuer: { didDomain: c.ISSUER_DID_DOMAIN ?? new URL(publicUrl).host, keySeed: c.ISSUER_KEY_SEED, keyFile: c.ISSUER_KEY_FILE },
    certificateSigning: c.CERT_SIGNING_P12 ? { p12File: c.CERT_SIGNING_P12, passphrase: c.CERT_SIGNING_P12_PASSPHRASE } : undefined,
    zoom,
  };
}
