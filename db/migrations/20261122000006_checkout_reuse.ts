/**
 * Reusing an open checkout: a pending order remembers which buyer and cart it was for (a digest)
 * and its processor's client secret, sealed with a key derived from the server secret, so a
 * buyer who opens /checkout again for the same cart continues the same order and seat hold.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.string('checkout_key', 64).nullable();
    t.string('client_secret_sealed', 400).nullable();
    t.index(['checkout_key', 'status'], 'orders_checkout_key_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['checkout_key', 'status'], 'orders_checkout_key_idx');
    t.dropColumns('checkout_key', 'client_secret_sealed');
  });
}
