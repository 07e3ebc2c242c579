/**
 * A join link's token: 32 bytes of HMAC-SHA256 under a key derived from the server secret, over
 * the course, the person and the link's version, in base64url (43 characters). Unguessable without
 * the secret, and the same for the same person every time it is asked for — so a receipt, an
 * invite update and a reminder sent by different processes carry one address — while the database
 * keeps only its SHA-256 (`join_links.token_hash`): a copy of the database opens no meeting.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { JoinLink } from '@db/models';
import { hmacBase64Url, sha256Hex } from '../../lib/crypto';

export function joinToken(key: Buffer, courseId: string, userId: string, version: number): string {
  return hmacBase64Url(key, `join:${courseId}:${userId}:${version}`);
}

/** What the database keeps of a token. */
export const tokenHash = sha256Hex;

/**
 * The person's token for the course, its row made on first need (a unique key: two processes
 * asking at once make one row and get one token). A row whose hash no longer matches (the server
 * secret changed) takes the new token's hash, and its calendar invite is to be updated again.
 */
export async function ensureJoinToken(db: Knex | Knex.Transaction, key: Buffer, courseId: string, userId: string, nowIso: string): Promise<string> {
  let row = await JoinLink.query(db).where({ course_id: courseId, user_id: userId }).first();
  if (!row) {
    const token = joinToken(key, courseId, userId, 1);
    await JoinLink.insertMany(
      db,
      [{ id: crypto.randomUUID(), courseId, userId, tokenHash: tokenHash(token), version: 1, announcedAt: null, createdAt: nowIso, updatedAt: nowIso }],
      { ignoreConflictsOn: ['course_id', 'user_id'] },
    );
    row = await JoinLink.query(db).where({ course_id: courseId, user_id: userId }).first();
    if (!row) throw new Error('The join link row vanished');
  }
  const token = joinToken(key, courseId, userId, row.version);
  const hash = tokenHash(token);
  if (row.tokenHash !== hash)
    await JoinLink.query(db)
      .findById(row.id)
      .where({ token_hash: row.tokenHash, version: row.version })
      .patch({ tokenHash: hash, announcedAt: null, updatedAt: nowIso });
  return token;
}
