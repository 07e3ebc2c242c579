/**
 * The progress reports the player could not send (offline, or the server unreachable), kept on the
 * device (IndexedDB through Dexie): one pending report per lesson, later reports merged into it.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Range } from '@contracts/learning-ranges';

export interface PendingProgress {
  lessonId: string;
  position: number;
  ranges: Range[];
  /** Grows with each merge: a report sent is forgotten only if nothing was merged into it meanwhile. */
  version: number;
  queuedAt: string;
}

export class LearningProgressDatabase extends Dexie {
  pending!: EntityTable<PendingProgress, 'lessonId'>;

  constructor(name = 'learning-progress') {
    super(name);
    this.version(1).stores({ pending: 'lessonId' });
  }
}

let shared: LearningProgressDatabase | undefined;

export function progressDb(): LearningProgressDatabase {
  return (shared ??= new LearningProgressDatabase());
}
