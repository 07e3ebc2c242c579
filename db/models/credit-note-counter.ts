import { BaseModel } from './base-model';

/** The last credit note number given out in one calendar year (UTC); incremented inside the refund's transaction. */
export class CreditNoteCounter extends BaseModel {
  static override tableName = 'credit_note_counters';
  static override get idColumn() {
    return 'year';
  }

  year!: number;
  last!: number;
}
