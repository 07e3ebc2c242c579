/** The back office's people (customers, contributors), with its messages and activity screens. */
import { peopleAdminRoutes } from '../routes/people-admin-routes';
import type { ContactServices } from '../services/contact';
import { createPeopleServices, type PeopleServices } from '../services/people';
import type { PlatformServices } from '../services/platform';
import { defineDomain } from './domain';

export const peopleDomain = defineDomain({
  name: 'people',
  services: createPeopleServices,
  routes: (api, services: PeopleServices & ContactServices & PlatformServices) => peopleAdminRoutes(api, services),
});
