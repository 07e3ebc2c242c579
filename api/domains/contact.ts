/** The contact form (the back office reads its messages through the people routes). */
import { contactRoutes } from '../routes/contact-routes';
import { createContactServices } from '../services/contact';
import { defineDomain } from './domain';

export const contactDomain = defineDomain({
  name: 'contact',
  needs: ['rateLimiter'],
  services: createContactServices,
  routes: (api, services) => contactRoutes(api, services),
});
