/**
 * A person's training record (issue 33, point 5): append-only entries — assigned, unassigned,
 * completed, certificate, signature, revoked — each chained to the one before by its hash, so a
 * change made afterwards to any entry (or a removed one) shows when the chain is checked.
 *
 * An entry's hash is SHA-256 over its sequence number, time, type, person, organisation, course,
 * facts and the previous entry's hash (the first entry's previous hash is 64 zeros). Appending
 * happens in the transaction of the change it records: the person's row is read `FOR UPDATE`, so
 * two appends for one person queue, and `(user_id, seq)` is unique besides.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { RecordEntry, RecordEntryType, TrainingRecord } from '@contracts/orgs';
import { OrgMember, TrainingRecordEntry, User } from '@db/models';
import { forUpdate } from '@db/transaction';
import { sha256Hex } from '@api/lib/crypto';

export const GENESIS_HASH = '0'.repeat(64);

export interface NewEntry {
  userId: string;
  type: RecordEntryType;
  orgId: string | null;
  courseId: string | null;
  data: Record<string, unknown>;
}

type Hashed = Pick<TrainingRecordEntry, 'seq' | 'at' | 'type' | 'userId' | 'orgId' | 'courseId' | 'data' | 'prevHash'>;

export function entryHash(entry: Hashed): string {
  return sha256Hex(JSON.stringify([entry.seq, entry.at, entry.type, entry.userId, entry.orgId, entry.courseId, entry.data, entry.prevHash]));
}

/** Appends entries to their people's records, in the caller's transaction. */
export async function appendRecord(trx: Knex.Transaction, entries: NewEntry[], now: Date): Promise<void> {
  const at = now.toISOString();
  for (const entry of entries) {
    await forUpdate(trx, User.query(trx).findById(entry.userId).select('id'));
    const last = await TrainingRecordEntry.query(trx).where('user_id', entry.userId).orderBy('seq', 'desc').select('seq', 'hash').first();
    const row = {
      seq: (last?.seq ?? 0) + 1,
      at,
      type: entry.type,
      userId: entry.userId,
      orgId: entry.orgId,
      courseId: entry.courseId,
      data: JSON.stringify(entry.data),
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    await TrainingRecordEntry.query(trx).insert({ id: crypto.randomUUID(), ...row, hash: entryHash(row) });
  }
}

/**
 * For events of other domains (a completion, a certificate issued or revoked): entries for those
 * of `entries`' people who are active members of an organisation, marked with it. Two queries and
 * the appends; people in no organisation cost the one query.
 */
export async function appendForMembers(trx: Knex.Transaction, entries: Array<Omit<NewEntry, 'orgId'>>, now: Date): Promise<void> {
  if (entries.length === 0) return;
  const people = [...new Set(entries.map((e) => e.userId))];
  const orgOf = new Map<string, string>();
  for (let start = 0; start < people.length; start += 500) {
    const rows = await OrgMember.query(trx)
      .whereIn('user_id', people.slice(start, start + 500))
      .where('status', 'active')
      .select('user_id', 'org_id');
    for (const row of rows) orgOf.set(row.userId!, row.orgId);
  }
  await appendRecord(
    trx,
    entries.filter((e) => orgOf.has(e.userId)).map((e) => ({ ...e, orgId: orgOf.get(e.userId)! })),
    now,
  );
}

/** The whole record with the chain checked: `brokenAt` names the first entry that does not follow. */
export async function readRecord(db: Knex, userId: string): Promise<TrainingRecord> {
  const rows = await TrainingRecordEntry.query(db).where('user_id', userId).orderBy('seq');
  let prevHash = GENESIS_HASH;
  let brokenAt: number | null = null;
  const entries: RecordEntry[] = rows.map((row, index) => {
    if (brokenAt === null && (row.seq !== index + 1 || row.prevHash !== prevHash || entryHash(row) !== row.hash)) brokenAt = index + 1;
    prevHash = row.hash;
    return {
      seq: row.seq,
      at: row.at,
      type: row.type as RecordEntryType,
      orgId: row.orgId,
      courseId: row.courseId,
      data: parseData(row.data),
      prevHash: row.prevHash,
      hash: row.hash,
    };
  });
  return { userId, entries, chainIntact: brokenAt === null, brokenAt };
}

function parseData(data: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
