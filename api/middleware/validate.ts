/** Request validation with zod: a failure is a 400 naming the parameter and the problem. */
import type { ZodError, ZodType } from 'zod';
import { AppError } from '../errors';

export function describeZodError(error: ZodError, where = 'field'): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') return `Unknown ${where} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  const name = issue.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.');
  return name ? `Invalid ${where} "${name}": ${issue.message}` : issue.message;
}

export function parseQuery<T extends ZodType>(schema: T, query: Record<string, unknown>): ReturnType<T['parse']> {
  const result = schema.safeParse(query);
  if (!result.success) throw AppError.badRequest(describeZodError(result.error, 'query parameter'));
  return result.data as ReturnType<T['parse']>;
}

export function parseBody<T extends ZodType>(schema: T, body: unknown): ReturnType<T['parse']> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw AppError.badRequest(describeZodError(result.error, 'field'));
  return result.data as ReturnType<T['parse']>;
}
