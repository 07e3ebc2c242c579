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
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    seedDemo: c.SEED_DEMO,
    logLevel: c.LOG_LEVEL,
    seminarSweepMinutes: c.SEMINAR_SWEEP_MINUTES,
  };
}
