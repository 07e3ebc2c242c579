/**
 * Credit note numbers (`CN-2026-000001`): gapless and unique per calendar year (UTC), from the
 * `credit_note_counters` row of the year (`platform/yearly-counter.ts`), taken inside the refund's
 * transaction, which locks the year's row first and holds it to its end.
 */
import type { Knex } from 'knex';
import { formatCreditNoteNumber } from '@contracts/admin-orders';
import { YearlyCounter } from '../platform/yearly-counter';

const creditNotes = new YearlyCounter('credit_note_counters', formatCreditNoteNumber);

/** Makes sure the year's counter row exists (its own statement, outside any transaction). */
export const prepareCreditNoteCounter = (knex: Knex, year: number): Promise<void> => creditNotes.prepare(knex, year);

/** The first statement of a refund's transaction: takes the year's counter row (MySQL: FOR UPDATE). */
export const lockCreditNoteCounter = (trx: Knex.Transaction, year: number): Promise<void> => creditNotes.lock(trx, year);

/** The next number of `year`, taken in `trx` (which holds the counter row: `lockCreditNoteCounter`). */
export const nextCreditNoteNumber = (trx: Knex.Transaction, year: number): Promise<string> => creditNotes.next(trx, year);
