/**
 * The catalogue change log. Every write to courses, pricing tiers or instructors calls
 * `recordCatalogueChanges` inside its transaction. The sequence comes from a single counter row
 * that the transaction updates first-come, so a concurrent writer waits for the row lock until
 * this one commits: sequences become visible in the order they were handed out, and a reader
 * holding cursor N can never later see a change numbered below N appear.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { CatalogueChange, CatalogueSyncState, type CatalogueChangeAction, type CatalogueEntity } from './models';

export interface CatalogueChangeInput {
  entity: CatalogueEntity;
  entityId: string;
  action: CatalogueChangeAction;
}

let localCommits = 0;

/**
 * How many catalogue writes this process has committed. A reader that remembers the catalogue
 * version for a moment (`api/services/catalogue-cache.ts`) compares it, so this process's own
 * writes are seen at once; other processes' writes are seen at the next version read.
 */
export function catalogueCommitsInThisProcess(): number {
  return localCommits;
}

export async function recordCatalogueChanges(trx: Knex.Transaction, changes: CatalogueChangeInput[], now = new Date()): Promise<number | null> {
  if (changes.length === 0) return null;
  // Counted once the transaction commits (a rolled-back attempt changed nothing).
  const committed = (trx as Knex.Transaction & { executionPromise?: Promise<unknown> }).executionPromise;
  if (committed)
    committed.then(
      () => (localCommits += 1),
      () => undefined,
    );
  else localCommits += 1;
  await CatalogueSyncState.query(trx)
    .patch({ lastSeq: raw('last_seq + ?', [1]) })
    .where('id', 1);
  const state = await CatalogueSyncState.query(trx).findById(1);
  const seq = Number(state!.lastSeq);
  const changedAt = now.toISOString();
  const rows = changes.map((change) => ({ seq, entity: change.entity, entityId: change.entityId, action: change.action, changedAt }));
  for (let i = 0; i < rows.length; i += 200) await CatalogueChange.insertMany(trx, rows.slice(i, i + 200));
  return seq;
}

export async function currentCatalogueSeq(knex: Knex): Promise<number> {
  const state = await CatalogueSyncState.query(knex).findById(1);
  return state ? Number(state.lastSeq) : 0;
}
