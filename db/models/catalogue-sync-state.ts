import { BaseModel } from './base-model';

/** The single row holding the catalogue's last change sequence (the sync cursor's source). */
export class CatalogueSyncState extends BaseModel {
  static override tableName = 'catalogue_sync_state';

  id!: number;
  lastSeq!: number;
}
