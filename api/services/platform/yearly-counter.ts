/**
 * Document numbers gapless and unique per calendar year (UTC) — invoices (`INV-2026-000001`),
 * credit notes (`CN-…`), certificates (`CERT-…`) — each from its own counter table (`year`, `last`),
 * incremented inside the caller's transaction. A numbering transaction locks the year's row first
 * (`lock`, before any other lock, so they queue instead of deadlocking) and holds it to its end; a
 * rolled-back transaction gives its number back. Correct across processes on MySQL (row lock) and
 * SQLite (one writer).
 */
import type { Knex } from 'knex';
import { forUpdate } from '@db/transaction';

export type CounterTable = 'invoice_counters' | 'credit_note_counters' | 'certificate_counters';

export class YearlyCounter {
  constructor(
    private readonly table: CounterTable,
    private readonly format: (year: number, sequence: number) => string,
  ) {}

  /** Makes sure the year's counter row exists (its own statement, outside any transaction: no gap locks later). */
  async prepare(knex: Knex, year: number): Promise<void> {
    if (await knex(this.table).where({ year }).first('year')) return;
    await knex(this.table).insert({ year, last: 0 }).onConflict('year').ignore();
  }

  /** The first statement of a numbering transaction: takes the year's counter row (MySQL: FOR UPDATE). */
  async lock(trx: Knex.Transaction, year: number): Promise<void> {
    // Missing only when the year turned since `prepare` (a race between two such transactions is a
    // deadlock or duplicate key, and the transaction is retried as a whole).
    if (!(await forUpdate(trx, trx(this.table).where({ year }).first('year')))) await trx(this.table).insert({ year, last: 0 });
  }

  /** The next number of `year`, taken in `trx` (which holds the counter row: `lock`). */
  async next(trx: Knex.Transaction, year: number): Promise<string> {
    const bumped = await trx(this.table)
      .where({ year })
      .update({ last: trx.raw('?? + 1', ['last']) });
    if (bumped !== 1) throw new Error(`No ${this.table} row for ${year}: lock it first`);
    const row = (await trx(this.table).where({ year }).first('last')) as { last: number | string };
    return this.format(year, Number(row.last));
  }
}
