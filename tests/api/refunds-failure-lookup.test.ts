/**
 * A refund the processor reports failed is found by the processor's refund id through an index
 * (migration 24): the lookup `recordRefundFailure` makes — read `FOR UPDATE` on MySQL/MariaDB — is
 * explained on the engine under test and must not scan the refunds (a scan under `FOR UPDATE`
 * locks every refund it reads until the report commits). On MariaDB, while a report's transaction
 * holds its lookup, another refund can still be locked at once.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refund } from '@db/models';
import { createLogger } from '@api/logger';
import { recordRefundFailure } from '@api/services/orders/refunds/refund-failures';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';

let db: TestDatabase;

interface Captured {
  sql: string;
  bindings: readonly Knex.RawBinding[];
}

beforeAll(async () => {
  db = await createTestDatabase();
  const at = '2026-11-27T10:00:00.000Z';
  const rows = Array.from({ length: 40 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    order_id: `10000000-0000-4000-8000-${String(i % 10).padStart(12, '0')}`,
    amount_cents: 1000,
    reason: 'Test',
    status: i % 3 ? 'succeeded' : 'pending',
    processor_refund_id: i % 3 ? `re_${i}` : null,
    credit_note_number: i % 3 ? `CN-2026-${String(i).padStart(6, '0')}` : null,
    created_by: null,
    created_at: at,
    updated_at: at,
  }));
  await db.knex('refunds').insert(rows);
});

afterAll(async () => {
  await db?.destroy();
});

/** The engine's plan of `statement`, one line per step: MySQL's EXPLAIN rows, SQLite's EXPLAIN QUERY PLAN details. */
async function plan(statement: Captured): Promise<string> {
  if (testEngine() === 'mysql') {
    const [rows] = (await db.knex.raw(`explain ${statement.sql}`, statement.bindings)) as [Array<{ table: string; type: string; key: string | null }>];
    return rows.map((r) => `${r.table} ${r.type} key=${r.key}`).join('\n');
  }
  const rows = (await db.knex.raw(`explain query plan ${statement.sql}`, statement.bindings)) as Array<{ detail: string }>;
  return rows.map((r) => r.detail).join('\n');
}

describe('a failure report finds its refund', () => {
  it('by the processor id through its index, not by scanning the refunds', async () => {
    const statements: Captured[] = [];
    const listener = (q: Captured) => statements.push({ sql: q.sql, bindings: q.bindings });
    db.knex.on('query', listener);
    try {
      const outcome = await recordRefundFailure(
        { knex: db.knex, clock: () => new Date(), logger: createLogger('silent') },
        { processorRefundId: 're_unknown', refundId: null, orderId: null, reason: null },
      );
      expect(outcome).toBe('unknown');
    } finally {
      db.knex.off('query', listener);
    }
    const lookups = statements.filter((s) => /from [`"]refunds[`"]/i.test(s.sql) && /processor_refund_id/i.test(s.sql));
    expect(lookups, JSON.stringify(statements.map((s) => s.sql))).toHaveLength(1);
    const lines = await plan(lookups[0]!);
    expect(lines).toMatch(/refunds_processor_refund_idx/);
    expect(lines).not.toMatch(/^SCAN refunds$|refunds ALL key=null/m);
  });

  it('while holding that lookup, leaves every other refund free to lock', async () => {
    const report = await db.knex.transaction();
    try {
      const lookup = Refund.query(report).where('processor_refund_id', 're_unknown');
      if (testEngine() === 'mysql') lookup.forUpdate();
      expect(await lookup.first()).toBeUndefined();
      // Another refund's completion locks its own row at once (SQLite writes one transaction at a time: nothing to lock there).
      if (testEngine() === 'mysql') {
        const other = await db.knex.transaction();
        try {
          await other.raw('SET SESSION innodb_lock_wait_timeout = 1');
          const row = await Refund.query(other).findById('00000000-0000-4000-8000-000000000001').forUpdate();
          expect(row?.processorRefundId).toBe('re_1');
        } finally {
          await other.rollback();
        }
      }
    } finally {
      await report.rollback();
    }
  });
});
