/** Accounts and sign-in: sign-in codes and sessions, registration and admins, the profile. */
import type { ServiceDependencies } from '../dependencies';
import type { PlatformServices } from '../platform';
import { AccountService } from './account-service';
import { AuthService } from './auth-service';
import { ProfileService } from './profile-service';

export interface AccountServices {
  auth: AuthService;
  accounts: AccountService;
  profile: ProfileService;
}

export function createAccountServices(d: ServiceDependencies, { rateLimiter }: Pick<PlatformServices, 'rateLimiter'>): AccountServices {
  const { knex, mailer, clock, limits } = d;
  const accounts = new AccountService({ knex, mailer, rateLimiter, clock, limits });
  return { accounts, auth: new AuthService({ knex, secret: d.authSecret, mailer, rateLimiter, clock, limits, accounts }), profile: new ProfileService(knex) };
}
