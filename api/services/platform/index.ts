/** The platform's services: rate limits, Idempotency-Keys and the audit log's reader. */
import type { ServiceDependencies } from '../dependencies';
import { ActivityService } from './activity';
import { IdempotencyService } from './idempotency-service';
import { RateLimiter } from './rate-limiter';

export interface PlatformServices {
  rateLimiter: RateLimiter;
  idempotency: IdempotencyService;
  activity: ActivityService;
}

export function createPlatformServices({ knex, clock }: ServiceDependencies): PlatformServices {
  return { rateLimiter: new RateLimiter(knex, clock), idempotency: new IdempotencyService({ knex, clock }), activity: new ActivityService({ knex }) };
}
