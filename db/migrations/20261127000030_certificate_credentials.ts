/**
 * Issue 32, point 4 (signed Open Badges 3.0 credentials):
 * - `holder_email`: the address the certificate was issued to, as at issue; the credential names its
 *   holder by it, hashed and salted (an IdentityObject). Filled here for certificates issued before.
 * - `status_list` / `status_index`: the certificate's bit in a Bitstring Status List
 *   (`/credentials/status/:list`), given at random the first time its credential is fetched;
 *   unique per list, so no two certificates share a bit.
 * - `expiry_reminded_days` (issue 32, point 6): the last expiry reminder claimed for it (90, 30 or
 *   7 days before `valid_until`); a reminder is claimed by the conditional UPDATE that lowers it,
 *   so each is sent once across processes.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('certificates', (t) => {
    t.string('holder_email', 254).nullable();
    t.integer('status_list').nullable();
    t.integer('status_index').nullable();
    t.integer('expiry_reminded_days').nullable();
    t.index(['valid_until'], 'certificates_valid_until_idx');
    t.unique(['status_list', 'status_index'], { indexName: 'certificates_status_unique' });
  });
  await knex('certificates').update({ holder_email: knex('users').select('email').where('users.id', knex.ref('certificates.user_id')) });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('certificates', (t) => {
    t.dropUnique(['status_list', 'status_index'], 'certificates_status_unique');
    t.dropIndex(['valid_until'], 'certificates_valid_until_idx');
    t.dropColumn('expiry_reminded_days');
    t.dropColumn('status_index');
    t.dropColumn('status_list');
    t.dropColumn('holder_email');
  });
}
