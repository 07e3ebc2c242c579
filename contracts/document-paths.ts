/**
 * Where the API serves invoices and calendar files (issue 16); no zod, so the storefront's pages
 * can import it cheaply. The invoice is the receipt: both addresses give the same PDF.
 */

/** The buyer's (or an admin's) invoice of a completed order. */
export const invoicePath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoice.pdf`;

/** The receipt on /success, authorised by the payment's client secret from the success address. */
export const receiptPath = (paymentIntentId: string, clientSecret: string) =>
  `/api/payments/${encodeURIComponent(paymentIntentId)}/receipt.pdf?client_secret=${encodeURIComponent(clientSecret)}`;

/** "Add to calendar": the signed-in buyer's invite for one live course, as an .ics file. */
export const courseCalendarPath = (courseId: string) => `/api/courses/${encodeURIComponent(courseId)}/calendar.ics`;
