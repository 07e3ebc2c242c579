import type { Knex } from 'knex';
import type { Mailer } from '../integrations/mail';
import { AuthService } from './auth-service';
import { CatalogueService } from './catalogue-service';
import { CatalogueSyncService } from './catalogue-sync-service';
import { ProfileService } from './profile-service';
import { RateLimiter, type Clock } from './rate-limiter';

/** Every service the routes use, built once per app from its collaborators. */
export interface Services {
  catalogue: CatalogueService;
  catalogueSync: CatalogueSyncService;
  auth: AuthService;
  profile: ProfileService;
  rateLimiter: RateLimiter;
}

export interface ServiceDependencies {
  knex: Knex;
  mailer: Mailer;
  authSecret: string;
  clock: Clock;
  loginLimitPerIp: number;
}

export function createServices({ knex, mailer, authSecret, clock, loginLimitPerIp }: ServiceDependencies): Services {
  const rateLimiter = new RateLimiter(knex, clock);
  return {
    catalogue: new CatalogueService(),
    catalogueSync: new CatalogueSyncService(knex),
    auth: new AuthService({ knex, secret: authSecret, mailer, rateLimiter, clock, loginLimitPerIp }),
    profile: new ProfileService(),
    rateLimiter,
  };
}
