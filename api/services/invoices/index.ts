/** Invoices: the numbers and the PDF (which is also the receipt). */
import type { ServiceDependencies } from '../dependencies';
import { InvoiceService } from './invoice-service';

export interface InvoiceServices {
  invoices: InvoiceService;
}

export function createInvoiceServices({ knex, clock }: ServiceDependencies): InvoiceServices {
  return { invoices: new InvoiceService({ knex, clock }) };
}
