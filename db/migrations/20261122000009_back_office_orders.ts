/**
 * Back office, orders: the order list pages newest first by (created_at, id) (back-office spec §2,
 * Orders); without an index a page of 100,000 orders sorts the whole table. The status filter
 * already has (status, created_at).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.index(['created_at', 'id'], 'orders_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['created_at', 'id'], 'orders_created_idx');
  });
}
