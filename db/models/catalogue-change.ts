import { BaseModel } from './base-model';

export type CatalogueEntity = 'course' | 'pricing_tier' | 'instructor';
export type CatalogueChangeAction = 'upsert' | 'delete';

/** One row per entity touched by a catalogue write; `seq` is shared by one transaction's rows. */
export class CatalogueChange extends BaseModel {
  static override tableName = 'catalogue_changes';

  id!: number;
  seq!: number;
  entity!: CatalogueEntity;
  entityId!: string;
  action!: CatalogueChangeAction;
  changedAt!: string;
}
