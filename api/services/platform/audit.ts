/** The audit log of back-office writes (catalogue, people, messages): who, when, what, and each changed field before → after. */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { AuditEntry, type AuditAction, type AuditEntity } from '@db/models';

export interface Actor {
  id: string;
  email: string;
}

/** The fields whose value differs between `before` and `after` (absent counts as null). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (key === 'updatedAt' || key === 'version') continue;
    const was = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = [was, now];
  }
  return changes;
}

/** `actor` null: the system's own write (a processor's report, a job), shown without a person. */
export async function recordAudit(
  trx: Knex.Transaction,
  actor: Actor | null,
  entry: {
    entity: AuditEntity;
    entityId: string;
    action: AuditAction;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    summary: string;
  },
  nowIso: string,
): Promise<void> {
  await AuditEntry.query(trx).insert({
    id: crypto.randomUUID(),
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    changes: changedFields(entry.before, entry.after),
    summary: entry.summary.slice(0, 300),
    createdAt: nowIso,
  });
}
