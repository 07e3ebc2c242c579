/** What waits in the outbox: when it is due, and how a conflict is settled (keep mine, or discard). */
import { adminDb, type AdminDatabase, type OutboxEntry } from './admin-db';

/**
 * The browser says the connection is back: what waits is due at once, and its delays start again
 * from 2 s (the failures while offline never reached the server).
 */
export async function connectionBack(db: AdminDatabase = adminDb()): Promise<void> {
  await db.outbox.where('status').equals('queued').modify({ failures: 0, nextAttemptAt: 0 });
}

/** When the next queued entry is due (ms since epoch), or undefined when nothing is queued. */
export async function nextAttemptDue(db: AdminDatabase = adminDb()): Promise<number | undefined> {
  const queued = await db.outbox.where('status').equals('queued').toArray();
  return queued.length ? Math.min(...queued.map((entry) => entry.nextAttemptAt)) : undefined;
}

/**
 * Resolving a conflict: the change goes again against the version the server has now — the
 * admin's whole change ("keep mine"), or the body the conflict view merged field by field. Its
 * new base is the server's copy it was merged with.
 */
export async function keepMine(entry: OutboxEntry, db: AdminDatabase = adminDb(), merged?: Record<string, unknown>): Promise<void> {
  const current = (entry.current as { version?: unknown } | undefined)?.version;
  const mine = merged ?? entry.body;
  const body = mine && typeof current === 'number' ? { ...(mine as Record<string, unknown>), version: current } : mine;
  await db.outbox.update(entry.seq!, {
    status: 'queued',
    body,
    base: entry.current,
    error: undefined,
    current: undefined,
    failures: 0,
    nextAttemptAt: 0,
    idempotencyKey: crypto.randomUUID(),
  });
}

/** Take theirs / discard: the change is dropped from the device. */
export async function discard(entry: OutboxEntry, db: AdminDatabase = adminDb()): Promise<void> {
  await db.outbox.delete(entry.seq!);
}
