import type { Knex } from 'knex';
import { CatalogueService } from './catalogue-service';
import { CatalogueSyncService } from './catalogue-sync-service';

/** Every service the routes use, built once per app from its collaborators. */
export interface Services {
  catalogue: CatalogueService;
  catalogueSync: CatalogueSyncService;
}

export function createServices(knex: Knex): Services {
  return {
    catalogue: new CatalogueService(),
    catalogueSync: new CatalogueSyncService(knex),
  };
}
