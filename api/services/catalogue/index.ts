/** The storefront's catalogue: reads and search, the cached answers, the offline copy's sync. */
import type { ServiceDependencies } from '../dependencies';
import { CatalogueCache } from './catalogue-cache';
import { CatalogueService } from './catalogue-service';
import { CatalogueSyncService } from './catalogue-sync-service';

export interface CatalogueServices {
  catalogue: CatalogueService;
  catalogueSync: CatalogueSyncService;
  catalogueCache: CatalogueCache;
}

export function createCatalogueServices({ knex, clock, catalogueCache }: ServiceDependencies): CatalogueServices {
  return {
    catalogue: new CatalogueService(knex),
    catalogueSync: new CatalogueSyncService(knex),
    catalogueCache: new CatalogueCache({ knex, clock, windowMs: catalogueCache?.windowMs, maxBytes: catalogueCache?.maxBytes }),
  };
}
