/** The environment's variables, their defaults and checks (`config.ts` reads them into `AppConfig`). */
import { z } from 'zod';
import { parseDatabaseUrl } from '../db/connection-config';

/** Abuse limits: per hour for the rate limits, per checkout for the seat limits. */
export interface Limits {
  /** Login-code requests per client address per hour (verify attempts: twice this). */
  loginPerIp: number;
  /** Login codes one client may have mailed to one e-mail address per hour (registration mails: per address). */
  loginPerEmail: number;
  /** Seconds between two login codes to one e-mail address, whoever asks (0: no wait). */
  loginCooldownSeconds: number;
  /** Login-code mails per e-mail domain per hour; once spent, only known accounts asked for from a quiet client. */
  loginPerDomain: number;
  /** Login-code mails per hour in all, across every process sharing the database; once spent, as the domain limit. */
  loginGlobal: number;
  /** Registrations per client address per hour. */
  registerPerIp: number;
  /** Checkouts (payment intents and memberships) per client address per hour. */
  checkoutPerIp: number;
  /** Checkouts per buyer e-mail per hour. */
  checkoutPerEmail: number;
  /** Coupon codes that match nothing, per client per hour (issue 35: guessing codes). */
  couponAttemptsPerIp: number;
  /** Contact-form messages per client address per hour. */
  contactPerIp: number;
  /** Seats of one seat-limited course one checkout may hold. */
  maxSeatsPerOrder: number;
  /** Seats (all lines together) in one checkout. */
  maxSeatsPerCheckout: number;
  /** A lesson's PDF (DOCUMENT_MAX_MB). */
  documentMaxMb: number;
  /** A lesson's video upload (VIDEO_MAX_MB), enforced while it streams in. */
  videoMaxMb: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginPerIp: 30,
  loginPerEmail: 5,
  loginCooldownSeconds: 60,
  loginPerDomain: 300,
  loginGlobal: 3000,
  registerPerIp: 10,
  checkoutPerIp: 30,
  checkoutPerEmail: 10,
  couponAttemptsPerIp: 20,
  contactPerIp: 5,
  maxSeatsPerOrder: 10,
  maxSeatsPerCheckout: 99,
  documentMaxMb: 50,
  videoMaxMb: 4096,
};

export const DEFAULT_SUPPORT_EMAIL = 'support@lifescience-academy.example';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be one of true/false, 1/0, yes/no, on/off' })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

export const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseDatabaseUrl(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://training.example.com' }).optional(),
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SEMINAR_SWEEP_MINUTES: z.coerce.number().positive().max(1440).default(5),
  JOBS: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must look like smtp://user:pass@host:port or smtps://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(3).default('LifeScience Academy <no-reply@lifescience-academy.local>'),
  MAIL_OUTBOX_FILE: z.string().min(1).default('data/mail-outbox.jsonl'),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default(DEFAULT_SUPPORT_EMAIL),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  AUTH_SECRET_FILE: z.string().min(1).default('data/auth-secret'),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  TRUST_PROXY: z.coerce.number({ error: 'must be the number of reverse proxies in front of the app (0 for none)' }).int().min(0).max(10).default(0),
  PAYMENT_PROCESSOR: z.enum(['test', 'stripe'], { error: 'must be test or stripe' }).optional(),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(DEFAULT_LIMITS.loginPerIp),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(DEFAULT_LIMITS.loginPerEmail),
  LOGIN_COOLDOWN_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds (0: no wait)' })
    .int()
    .min(0)
    .max(3600)
    .default(DEFAULT_LIMITS.loginCooldownSeconds),
  LOGIN_LIMIT_PER_DOMAIN: z.coerce.number().int().positive().default(DEFAULT_LIMITS.loginPerDomain),
  LOGIN_LIMIT_GLOBAL: z.coerce.number().int().positive().default(DEFAULT_LIMITS.loginGlobal),
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().positive().default(DEFAULT_LIMITS.registerPerIp),
  CHECKOUT_LIMIT_PER_IP: z.coerce.number().int().positive().default(DEFAULT_LIMITS.checkoutPerIp),
  CHECKOUT_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(DEFAULT_LIMITS.checkoutPerEmail),
  COUPON_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(DEFAULT_LIMITS.couponAttemptsPerIp),
  CONTACT_LIMIT_PER_IP: z.coerce.number().int().positive().default(DEFAULT_LIMITS.contactPerIp),
  MAX_SEATS_PER_ORDER: z.coerce.number().int().positive().max(1000).default(DEFAULT_LIMITS.maxSeatsPerOrder),
  MAX_SEATS_PER_CHECKOUT: z.coerce.number().int().positive().max(1000).default(DEFAULT_LIMITS.maxSeatsPerCheckout),
  DOCUMENT_MAX_MB: z.coerce.number().positive().max(1024).default(DEFAULT_LIMITS.documentMaxMb),
  VIDEO_MAX_MB: z.coerce.number({ error: 'must be a number of megabytes' }).positive().max(1_048_576).default(DEFAULT_LIMITS.videoMaxMb),
  TRANSCODE_CONCURRENCY: z.coerce.number({ error: 'must be the number of transcodes one process runs at once' }).int().min(1).max(16).default(1),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  CATALOGUE_CACHE_WINDOW_MS: z.coerce
    .number({ error: 'must be a number of milliseconds (0: check the catalogue version on every read)' })
    .int()
    .min(0)
    .max(60_000)
    .default(1000),
  CATALOGUE_CACHE_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(1).max(4096).default(96),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_PRICE_PRIME: z.string().min(1).optional(),
  STRIPE_PRICE_BUSINESS: z.string().min(1).optional(),
  STRIPE_API_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:12111' }).optional(),
  ZOOM_ACCOUNT_ID: z.string().min(1).max(200).optional(),
  ZOOM_CLIENT_ID: z.string().min(1).max(200).optional(),
  ZOOM_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  ZOOM_API_URL: z.url({ error: 'must be a URL such as https://api.zoom.us/v2' }).default('https://api.zoom.us/v2'),
  ZOOM_OAUTH_URL: z.url({ error: 'must be a URL such as https://zoom.us/oauth/token' }).default('https://zoom.us/oauth/token'),
  UPLOAD_DIR: z.string().min(1).default('data/uploads'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.example.com' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ error: 'must be the URL browsers reach the bucket at, such as https://files.example.com' }).optional(),
  REMINDER_SWEEP_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(5).max(3600).default(60),
  WAITLIST_SWEEP_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(3600).default(60),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url VAPID public key (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url VAPID private key (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  VAPID_FILE: z.string().min(1).default('data/vapid.json'),
  ISSUER_KEY_SEED: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 random bytes in base64url (node -e "console.log(crypto.randomBytes(32).toString(\'base64url\'))")')
    .optional(),
  ISSUER_KEY_FILE: z.string().min(1).default('data/issuer-key.json'),
  CERT_SIGNING_P12: z.string().min(1).optional(),
  CERT_SIGNING_P12_PASSPHRASE: z.string().default(''),
  ISSUER_DID_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, 'must be a host name (and optional port) such as training.example.com, with no scheme or path')
    .optional(),
  PUSH_TEST_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins = (value ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!URL.canParse(origin) || new URL(origin).origin !== origin.replace(/\/$/, ''))
          ctx.addIssue({ code: 'custom', message: `${origin} is not an origin such as http://127.0.0.1:4555` });
      }
      return origins;
    }),
});
