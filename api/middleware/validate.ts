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

/**
 * Request bodies: the schemas carry the screens' own messages on every field, so the first
 * issue's message is the answer ("Please enter a valid email address").
 */
export function parseBody<T extends ZodType>(schema: T, body: unknown): ReturnType<T['parse']> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw AppError.badRequest('The request body must be a JSON object');
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const message = issue && issue.code !== 'unrecognized_keys' && issue.path.length > 0 ? issue.message : describeZodError(result.error, 'field');
    throw AppError.badRequest(message);
  }
  return result.data as ReturnType<T['parse']>;
}

/** The parsed JSON body (set by koa-body), or undefined. */
export function requestBody(ctx: { request: unknown }): unknown {
  return (ctx.request as { body?: unknown }).body;
}
