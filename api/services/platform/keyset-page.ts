/**
 * Paged lists newest first (orders, people, messages, activity): continued by keyset on
 * (created_at, id), so a page never repeats or skips a row however many arrive meanwhile, and the
 * database walks an index instead of sorting the table. The cursor is opaque to clients: the
 * last row's key, base64url.
 */
import type { Model, QueryBuilder } from 'objection';
import { AppError } from '../../errors';

type Key = [createdAt: string, id: string];

export function encodeCursor(row: { createdAt: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.id] satisfies Key)).toString('base64url');
}

function decodeCursor(cursor: string): Key {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === 2 && key.every((part) => typeof part === 'string')) return key as Key;
  } catch {
    // fall through
  }
  throw AppError.badRequest('cursor must be the value from a previous Link header');
}

/** LIKE pattern of a literal text (its own %, _ and the escape character escaped with "!", the same on SQLite and MySQL). */
export const likeLiteral = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** One page of `query` (already filtered) newest first, and the cursor of the next page (null at the end). */
export async function keysetPage<M extends Model & { createdAt: string; id: string }>(
  query: QueryBuilder<M, M[]>,
  table: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<{ rows: M[]; nextCursor: string | null }> {
  query
    .orderBy([
      { column: `${table}.created_at`, order: 'desc' },
      { column: `${table}.id`, order: 'desc' },
    ])
    .limit(limit + 1);
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor);
    query.where((w) =>
      w.where(`${table}.created_at`, '<', createdAt).orWhere((same) => same.where(`${table}.created_at`, createdAt).where(`${table}.id`, '<', id)),
    );
  }
  const found = await query;
  const more = found.length > limit;
  const rows = more ? found.slice(0, limit) : found;
  return { rows, nextCursor: more ? encodeCursor(rows.at(-1)!) : null };
}
