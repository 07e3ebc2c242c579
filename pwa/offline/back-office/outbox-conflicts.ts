/**
 * A conflict, field by field (issue 14): the admin's change collided with someone else's. For
 * every field the change carries whose value differs from the server's copy, it says what the
 * admin sent, what the server has, and who changed it since the form was loaded (compared with
 * the entry's `base`). The suggested choice keeps what only one side changed — the admin's
 * edits and the colleague's edits to the fields the admin left alone — and keeps the admin's
 * where both changed; the conflict view shows every one and lets the admin choose.
 */
import type { OutboxEntry } from './admin-db';

export type Choice = 'mine' | 'theirs';

export interface FieldConflict {
  field: string;
  mine: unknown;
  theirs: unknown;
  /** The admin changed it since the form was loaded (true when that cannot be known). */
  changedByMe: boolean;
  /** Someone else changed it since (true when that cannot be known). */
  changedByThem: boolean;
  suggested: Choice;
}

/** Fields that are the write's bookkeeping, not the admin's content. */
const BOOKKEEPING = new Set(['id', 'version', 'courseVersion', 'updatedAt', 'createdAt']);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** One value, as compared: empty means null, numbers by value ("49" and "49.00"), instants by time. */
function normal(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    if (NUMERIC.test(value)) return Number(value);
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) return Date.parse(value);
    return value;
  }
  return JSON.stringify(value);
}

export const sameValue = (a: unknown, b: unknown) => normal(a) === normal(b);

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export function conflictFields(entry: Pick<OutboxEntry, 'body' | 'base' | 'current'>): FieldConflict[] {
  const mine = asRecord(entry.body);
  const theirs = asRecord(entry.current);
  if (!mine || !theirs) return [];
  const base = asRecord(entry.base);
  const fields: FieldConflict[] = [];
  for (const field of Object.keys(mine)) {
    if (BOOKKEEPING.has(field) || !(field in theirs) || sameValue(mine[field], theirs[field])) continue;
    const known = base !== undefined && field in base;
    const changedByMe = known ? !sameValue(mine[field], base[field]) : true;
    const changedByThem = known ? !sameValue(theirs[field], base[field]) : true;
    fields.push({ field, mine: mine[field], theirs: theirs[field], changedByMe, changedByThem, suggested: changedByMe ? 'mine' : 'theirs' });
  }
  return fields;
}

/** The change to send again: the admin's body with the chosen fields taken from the server's copy. */
export function mergedBody(entry: Pick<OutboxEntry, 'body' | 'current'>, choices: Record<string, Choice>): Record<string, unknown> {
  const mine = asRecord(entry.body) ?? {};
  const theirs = asRecord(entry.current) ?? {};
  const merged: Record<string, unknown> = { ...mine };
  for (const [field, choice] of Object.entries(choices)) if (choice === 'theirs' && field in theirs) merged[field] = theirs[field];
  return merged;
}
