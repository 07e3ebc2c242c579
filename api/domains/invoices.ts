/** Invoices and the downloads of documents (invoice PDFs, calendar files). */
import { invoiceRoutes } from '../routes/invoice-routes';
import type { CalendarServices } from '../services/calendar';
import { createInvoiceServices, type InvoiceServices } from '../services/invoices';
import { defineDomain } from './domain';

export const invoicesDomain = defineDomain({
  name: 'invoices',
  services: createInvoiceServices,
  routes: (api, services: InvoiceServices & CalendarServices) => invoiceRoutes(api, services),
});
