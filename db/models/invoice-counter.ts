import { BaseModel } from './base-model';

/** The last invoice number given out in one calendar year (UTC); incremented inside the fulfilment transaction. */
export class InvoiceCounter extends BaseModel {
  static override tableName = 'invoice_counters';
  static override get idColumn() {
    return 'year';
  }

  year!: number;
  last!: number;
}
