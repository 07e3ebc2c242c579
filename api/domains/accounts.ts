/** Accounts: sign-in codes and sessions, registration, the profile. */
import { authRoutes } from '../routes/auth-routes';
import { createAccountServices } from '../services/accounts';
import { defineDomain } from './domain';

export const accountsDomain = defineDomain({
  name: 'accounts',
  needs: ['rateLimiter'],
  services: createAccountServices,
  routes: (api, services, options) => authRoutes(api, services, options),
});
