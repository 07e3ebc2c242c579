/**
 * Issue 29, point 11 (refunds the processor reports failed later): `refunds.processor_refund_id`
 * indexed. A report names the refund by the processor's id, and its transaction reads that row
 * `FOR UPDATE` on MySQL/MariaDB (`services/orders/refunds/refund-failures.ts`); without an index
 * that read scans the table and InnoDB locks every refund it scans until the report commits, so
 * each report held up every other refund's completion.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refunds', (t) => {
    t.index(['processor_refund_id'], 'refunds_processor_refund_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refunds', (t) => {
    t.dropIndex(['processor_refund_id'], 'refunds_processor_refund_idx');
  });
}
