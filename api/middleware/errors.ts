/**
 * Turns every failure into a JSON `{ message }` body: AppError with its own status, zod errors
 * as 400, database constraint violations as 409, and anything else as a logged, generic 500.
 */
import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { describeZodError } from './validate';
import { isConstraintViolation } from '@db/errors';

export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const httpStatus = (error as { status?: number; expose?: boolean }).status;
      if (error instanceof AppError) {
        ctx.status = error.status;
        ctx.body = { message: error.message, ...(error.details ?? {}) };
        const retryAfter = error.details?.retryAfterSeconds;
        if (typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
      } else if (error instanceof ZodError) {
        ctx.status = 400;
        ctx.body = { message: describeZodError(error) };
      } else if (isConstraintViolation(error)) {
        ctx.status = 409;
        ctx.body = { message: 'This change conflicts with existing data.' };
      } else if (httpStatus && httpStatus >= 400 && httpStatus < 500 && (error as { expose?: boolean }).expose) {
        // Errors raised by Koa and its body parser for malformed requests (bad JSON, too large).
        ctx.status = httpStatus;
        ctx.body = { message: (error as Error).message };
      } else {
        logger.error('Unhandled error', { method: ctx.method, path: ctx.path, error: (error as Error)?.stack ?? String(error) });
        ctx.status = 500;
        ctx.body = { message: 'Something went wrong on our side. Please try again.' };
      }
    }
  };
}
