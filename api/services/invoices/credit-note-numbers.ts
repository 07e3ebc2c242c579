/**
 * Credit note numbers (`CN-2026-000001`): the rules of invoice numbers (`invoice-numbers.ts`) on
 * their own counter (`credit_note_counters`): gapless and unique per calendar year (UTC), taken
 * inside the refund's transaction, which locks the year's row first (before any other lock, so
 * refunds queue instead of deadlocking) and holds it to its end; a rolled-back refund gives its
 * number back.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { CreditNoteCounter } from '@db/models';
import { forUpdate } from '@db/transaction';
import { formatCreditNoteNumber } from '@contracts/admin-orders';

/** Makes sure the year's counter row exists (its own statement, outside any transaction). */
export async function prepareCreditNoteCounter(knex: Knex, year: number): Promise<void> {
  if (await CreditNoteCounter.query(knex).findById(year).select('year')) return;
  await CreditNoteCounter.insertMany(knex, [{ year, last: 0 }], { ignoreConflictsOn: ['year'] });
}

/** The first statement of a refund's transaction: takes the year's counter row (MySQL: FOR UPDATE). */
export async function lockCreditNoteCounter(trx: Knex.Transaction, year: number): Promise<void> {
  const query = forUpdate(trx, CreditNoteCounter.query(trx).findById(year).select('year'));
  // Missing only when the year turned since `prepareCreditNoteCounter` (a race is retried as a whole).
  if (!(await query)) await CreditNoteCounter.query(trx).insert({ year, last: 0 });
}

/** The next number of `year`, taken in `trx` (which holds the counter row: `lockCreditNoteCounter`). */
export async function nextCreditNoteNumber(trx: Knex.Transaction, year: number): Promise<string> {
  const bumped = await CreditNoteCounter.query(trx)
    .findById(year)
    .patch({ last: raw('last + 1') });
  if (bumped !== 1) throw new Error(`No credit note counter for ${year}: lockCreditNoteCounter first`);
  const counter = await CreditNoteCounter.query(trx).findById(year).select('last').throwIfNotFound();
  return formatCreditNoteNumber(year, counter.last);
}
