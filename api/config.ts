/**
 * Configuration from the environment, validated once at start. A bad value stops the process
 * with a message naming the variable.
 */
import { z } from 'zod';
import { parseDatabaseUrl } from '../db/connection-config';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be one of true/false, 1/0, yes/no, on/off' })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const envSchema = z.object({
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
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must look like smtp://user:pass@host:port or smtps://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(3).default('LifeScience Academy <no-reply@lifescience-academy.local>'),
  MAIL_OUTBOX_FILE: z.string().min(1).default('data/mail-outbox.jsonl'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  AUTH_SECRET_FILE: z.string().min(1).default('data/auth-secret'),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  STRIPE_PRICE_PRIME: z.string().min(1).optional(),
  STRIPE_PRICE_BUSINESS: z.string().min(1).optional(),
  STRIPE_API_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:12111' }).optional(),
});

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  seedDemo: boolean;
  logLevel: LogLevel;
  seminarSweepMinutes: number;
  /** Absent: mail goes to the local outbox file and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxFile: string;
  /** AUTH_SECRET, or the path of the generated one under data/. */
  authSecret: string | undefined;
  authSecretFile: string;
  adminEmail: string | undefined;
  /** Login-code requests allowed per IP address per hour. */
  loginLimitPerIp: number;
  /** Present when Stripe keys are configured; otherwise the built-in test processor is used. */
  stripe: StripeConfig | undefined;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const result = envSchema.safeParse(blankToUndefined);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = result.data;
  if (!!c.STRIPE_SECRET_KEY !== !!c.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both to use Stripe, or neither for the built-in test processor');
  }
  const stripeApi = c.STRIPE_API_URL ? new URL(c.STRIPE_API_URL) : undefined;
  const stripe: StripeConfig | undefined = c.STRIPE_SECRET_KEY
    ? {
        secretKey: c.STRIPE_SECRET_KEY,
        publishableKey: c.STRIPE_PUBLISHABLE_KEY!,
        webhookSecret: c.STRIPE_WEBHOOK_SECRET,
        prices: { price_prime_monthly: c.STRIPE_PRICE_PRIME, price_business_yearly: c.STRIPE_PRICE_BUSINESS },
        api: stripeApi
          ? { host: stripeApi.hostname, port: Number(stripeApi.port || (stripeApi.protocol === 'https:' ? 443 : 80)), protocol: stripeApi.protocol === 'https:' ? 'https' : 'http' }
          : undefined,
      }
    : undefined;
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    seedDemo: c.SEED_DEMO,
    logLevel: c.LOG_LEVEL,
    seminarSweepMinutes: c.SEMINAR_SWEEP_MINUTES,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    mailOutboxFile: c.MAIL_OUTBOX_FILE,
    authSecret: c.AUTH_SECRET,
    authSecretFile: c.AUTH_SECRET_FILE,
    adminEmail: c.ADMIN_EMAIL?.trim().toLowerCase(),
    loginLimitPerIp: c.LOGIN_LIMIT_PER_IP,
    stripe,
  };
}
