/**
 * Invoice numbers: gapless and unique per calendar year (UTC), from a counter row in the
 * database (`invoice_counters`), incremented inside the caller's transaction. A transaction that
 * invoices locks the year's row first (`lockInvoiceCounter`, before any other lock, so invoicing
 * transactions queue instead of deadlocking) and holds it to its end; a rolled-back fulfilment
 * gives its number back. Correct across processes on MySQL (row lock) and SQLite (one writer).
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { InvoiceCounter, Order } from '@db/models';
import { forUpdate, transaction } from '@db/transaction';
import { formatInvoiceNumber } from '@contracts/invoices';

/** Makes sure the year's counter row exists (its own statement, outside any transaction: no gap locks later). */
export async function prepareInvoiceCounter(knex: Knex, year: number): Promise<void> {
  if (await InvoiceCounter.query(knex).findById(year).select('year')) return;
  await InvoiceCounter.insertMany(knex, [{ year, last: 0 }], { ignoreConflictsOn: ['year'] });
}

/** The first statement of an invoicing transaction: takes the year's counter row (MySQL: FOR UPDATE). */
export async function lockInvoiceCounter(trx: Knex.Transaction, year: number): Promise<void> {
  const query = forUpdate(trx, InvoiceCounter.query(trx).findById(year).select('year'));
  // Missing only when the year turned since `prepareInvoiceCounter`: created here (a race between
  // two such transactions is a deadlock or duplicate key, and the transaction is retried).
  if (!(await query)) await InvoiceCounter.query(trx).insert({ year, last: 0 });
}

/** The next number of `year`, taken in `trx` (which holds the counter row: `lockInvoiceCounter`). */
export async function nextInvoiceNumber(trx: Knex.Transaction, year: number): Promise<string> {
  const bumped = await InvoiceCounter.query(trx)
    .findById(year)
    .patch({ last: raw('last + 1') });
  if (bumped !== 1) throw new Error(`No invoice counter for ${year}: lockInvoiceCounter first`);
  const counter = await InvoiceCounter.query(trx).findById(year).select('last').throwIfNotFound();
  return formatInvoiceNumber(year, counter.last);
}

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
