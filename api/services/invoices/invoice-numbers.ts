/**
 * Invoice numbers (`INV-2026-000001`): gapless and unique per calendar year (UTC), from the
 * `invoice_counters` row of the year (`platform/yearly-counter.ts`), taken inside the fulfilment's
 * transaction, which locks the year's row first (`lockInvoiceCounter`) and holds it to its end.
 */
import type { Knex } from 'knex';
import { Order } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { formatInvoiceNumber } from '@contracts/invoices';
import { YearlyCounter } from '../platform/yearly-counter';

const invoices = new YearlyCounter('invoice_counters', formatInvoiceNumber);

/** Makes sure the year's counter row exists (its own statement, outside any transaction: no gap locks later). */
export const prepareInvoiceCounter = (knex: Knex, year: number): Promise<void> => invoices.prepare(knex, year);

/** The first statement of an invoicing transaction: takes the year's counter row (MySQL: FOR UPDATE). */
export const lockInvoiceCounter = (trx: Knex.Transaction, year: number): Promise<void> => invoices.lock(trx, year);

/** The next number of `year`, taken in `trx` (which holds the counter row: `lockInvoiceCounter`). */
export const nextInvoiceNumber = (trx: Knex.Transaction, year: number): Promise<string> => invoices.next(trx, year);

/** Gives a just-completed order its number, in the fulfilment transaction. */
export async function assignInvoiceNumber(trx: Knex.Transaction, orderId: string, now: Date): Promise<string> {
  const invoiceNumber = await nextInvoiceNumber(trx, now.getUTCFullYear());
  const patched = await Order.query(trx).findById(orderId).whereNull('invoice_number').patch({ invoiceNumber, invoicedAt: now.toISOString() });
  // Never leave a number unused: throwing rolls it back.
  if (patched !== 1) throw new Error(`Order ${orderId} already has an invoice number`);
  return invoiceNumber;
}

/**
 * The number of a completed order, allocated now from the same counter when it has none (orders
 * completed before invoices existed). Of two first downloads at once, one allocates; the other
 * waits for the counter, then finds the number and takes none.
 */
export async function ensureInvoiceNumber(knex: Knex, orderId: string, now: Date): Promise<{ invoiceNumber: string; invoicedAt: string }> {
  const current = await Order.query(knex).findById(orderId).select('invoice_number', 'invoiced_at').throwIfNotFound();
  if (current.invoiceNumber && current.invoicedAt) return { invoiceNumber: current.invoiceNumber, invoicedAt: current.invoicedAt };
  const year = now.getUTCFullYear();
  await prepareInvoiceCounter(knex, year);
  return transaction(knex, async (trx) => {
    await lockInvoiceCounter(trx, year);
    // Read after the lock: a locking read sees what a concurrent first download committed.
    const found = await forUpdate(trx, Order.query(trx).findById(orderId).select('invoice_number', 'invoiced_at').throwIfNotFound());
    if (found.invoiceNumber && found.invoicedAt) return { invoiceNumber: found.invoiceNumber, invoicedAt: found.invoicedAt };
    const invoiceNumber = await assignInvoiceNumber(trx, orderId, now);
    return { invoiceNumber, invoicedAt: now.toISOString() };
  });
}
