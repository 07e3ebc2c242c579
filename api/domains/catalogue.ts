/** The storefront's catalogue: reads, search, the offline copy's sync; each process warms its cache. */
import { catalogueWarmingJob } from '../jobs/warm-catalogue-snapshot';
import { catalogueRoutes } from '../routes/catalogue-routes';
import { createCatalogueServices } from '../services/catalogue';
import { defineDomain } from './domain';

export const catalogueDomain = defineDomain({
  name: 'catalogue',
  services: createCatalogueServices,
  routes: (api, services) => catalogueRoutes(api, services),
  jobs: ({ services }) => [catalogueWarmingJob(services)],
});
