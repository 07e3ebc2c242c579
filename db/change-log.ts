/**
 * The catalogue change log. Every write to courses, pricing tiers or instructors calls
 * `recordCatalogueChanges` inside its transaction. The sequence comes from a single counter row
 * that the transaction updates first-come, so a concurrent writer waits for the row lock until
 * this one commits: sequences become visible in the order they were handed out, and a reader
 * holding cursor N can never later see a change numbered below N appear.
 */
import type { Knex } from 'knex';
import type { CatalogueChangeAction, CatalogueEntity } from './models';

export interface CatalogueChangeInput {
  entity: CatalogueEntity;
  entityId: string;
  action: CatalogueChangeAction;
}

export async function recordCatalogueChanges(trx: Knex.Transaction, changes: CatalogueChangeInput[], now = new Date()): Promise<number | null> {
  if (changes.length === 0) return null;
  await trx('catalogue_sync_state').where({ id: 1 }).increment('last_seq', 1);
  const row = await trx('catalogue_sync_state').where({ id: 1 }).first('last_seq');
  const seq = Number(row.last_seq);
  const changedAt = now.toISOString();
  const rows = changes.map((change) => ({
    seq,
    entity: change.entity,
    entity_id: change.entityId,
    action: change.action,
    changed_at: changedAt,
  }));
  for (let i = 0; i < rows.length; i += 200) await trx('catalogue_changes').insert(rows.slice(i, i + 200));
  return seq;
}

export async function currentCatalogueSeq(knex: Knex): Promise<number> {
  const row = await knex('catalogue_sync_state').where({ id: 1 }).first('last_seq');
  return row ? Number(row.last_seq) : 0;
}
