/** Check-in at the venue (issue 30, point 5): seminar tickets, the scanner's list, check-ins. */
import { checkInRoutes } from '../routes/check-in-routes';
import { createCheckInServices, type CheckInServices } from '../services/check-in';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const checkInDomain = defineDomain<CheckInServices, object, CheckInServices & Pick<PlatformServices, 'idempotency'>>({
  name: 'check-in',
  needs: [],
  services: (deps) => createCheckInServices(deps),
  routes: (api, services) => checkInRoutes(api, services),
});
