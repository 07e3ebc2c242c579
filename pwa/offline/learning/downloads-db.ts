/**
 * The courses downloaded for learning offline (issue 34), kept on the device (IndexedDB through
 * Dexie): each course's syllabus, licence and files with the chunks already fetched. The bytes
 * themselves are in Cache Storage (`chunks.ts`). Read by the pages and by the service worker.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { AttemptResult } from '@contracts/assessments';
import type { DownloadFile, LicenceKeyAnswer, OfflinePaperView, PaperAnswer } from '@contracts/offline-learning';
import type { Syllabus } from '@contracts/learning';

export interface StoredFile extends DownloadFile {
  /** How many chunks the file has, and which of them are stored. */
  chunks: number;
  done: number[];
  /** Bytes a background fetch has brought so far (shown as progress until the worker stores them). */
  fetchedBytes?: number;
  /** Where the browser's background fetch of the file begins, while one runs (its first missing chunk's first byte). */
  backgroundFrom?: number;
}

export type DownloadState = 'downloading' | 'paused' | 'failed' | 'complete';

export interface StoredCourse {
  courseId: string;
  /** The person the download is for (the licence's `sub`). */
  userId: string;
  title: string;
  syllabus: Syllabus;
  /** Its lessons' ids (indexed: a lesson's download is found without reading every course). */
  lessonIds: string[];
  licence: string;
  licenceExpiresAt: string;
  files: StoredFile[];
  totalBytes: number;
  state: DownloadState;
  /** Why it stopped (no space, no connection), shown beside Resume. */
  problem: string | null;
  savedAt: string;
  /** When the server last renewed the licence (the app checks whenever it is online). */
  checkedAt: string;
  /** The browser's background fetch of its files while one runs (`background-fetch.ts`). */
  backgroundFetch?: string;
}

export interface StoredKey {
  id: 'licence';
  jwk: LicenceKeyAnswer['jwk'];
}

/**
 * An exam paper kept for taking offline (`papers.ts`): drawn by the server while online, answered
 * on the device, handed in and graded when the connection is back.
 * `ready` → `taking` → `handedIn` → `graded` (its result) or `refused` (the server's reason).
 */
export interface StoredPaper {
  paperId: string;
  assessmentId: string;
  courseId: string;
  userId: string;
  paper: OfflinePaperView;
  state: 'ready' | 'taking' | 'handedIn' | 'graded' | 'refused';
  /** When the learner started (the device's wall clock, ISO). */
  startedAt: string | null;
  /** Milliseconds spent in the attempt so far (the monotonic clock while the page was open, the wall clock between). */
  elapsedMs: number;
  /** When `elapsedMs` was last written (`Date.now()`): a page opened later adds the time since. */
  seenAt: number;
  /** The last answer given to each question, with when it was given. */
  answers: PaperAnswer[];
  result: AttemptResult | null;
  problem: string | null;
}

export class DownloadsDatabase extends Dexie {
  courses!: EntityTable<StoredCourse, 'courseId'>;
  keys!: EntityTable<StoredKey, 'id'>;
  papers!: EntityTable<StoredPaper, 'paperId'>;

  constructor(name = 'learning-downloads') {
    super(name);
    this.version(1).stores({ courses: 'courseId, *lessonIds', keys: 'id' });
    this.version(2).stores({ papers: 'paperId, assessmentId, courseId, state' });
  }
}

let shared: DownloadsDatabase | undefined;

export function downloadsDb(): DownloadsDatabase {
  return (shared ??= new DownloadsDatabase());
}

export const bytesDone = (file: StoredFile, chunkBytes: number) =>
  Math.max(
    file.done.reduce((sum, index) => sum + Math.min(chunkBytes, file.bytes - index * chunkBytes), 0),
    Math.min(file.bytes, file.fetchedBytes ?? 0),
  );

/** The download holding a lesson, if any (by the index, not a scan). */
export const courseOfLessonId = (lessonId: string) => downloadsDb().courses.where('lessonIds').equals(lessonId).first();

export const isComplete = (file: StoredFile) => file.done.length === file.chunks;
