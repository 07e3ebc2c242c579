/**
 * A lesson's files in the media store and the row they hang on. A PDF is written before the
 * database points at it and removed only once the change that stopped pointing at it committed
 * (a replacement, or the lesson deleted): a rolled-back change still has its file, and the new one
 * is removed when its change fails. A removal that fails after the commit leaves an unreferenced
 * object, logged; the change stands. (Captions are rows of `lesson_captions`, no files: replacing
 * or deleting them is the row's change.)
 */
import type { Knex } from 'knex';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { Lesson } from '@db/models';
import { forUpdate } from '@db/transaction';
import { AppError } from '../../errors';
import type { MediaStore } from '../../integrations/media-store';
import type { Logger } from '../../logger';

export const documentKey = (name: string) => `documents/${name}.pdf`;

/** The lesson, locked for the rest of the transaction on MariaDB (SQLite runs one writer at a time), or 404. */
export async function lockedLesson(trx: Knex.Transaction, id: string): Promise<Lesson> {
  const lesson = await forUpdate(trx, Lesson.query(trx).findById(id));
  if (!lesson) throw AppError.notFound(LEARNING_MESSAGES.lessonNotFound);
  return lesson;
}

/** Removes files no row points at any more (call after the commit). */
export async function discardFiles(o: { store: MediaStore; logger: Logger }, keys: Array<string | null | undefined>): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await o.store.delete(key);
    } catch (error) {
      o.logger.warn('A lesson file no longer used could not be removed', { key, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
