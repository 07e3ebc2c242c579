/**
 * Delivering progress: sent now when the browser is online and the server answers; otherwise kept
 * in the device's queue (merged per lesson) and sent once when the connection is back. A refusal
 * (signed out, no longer entitled, a report the server finds wrong) is not kept: sending it again
 * would be refused again. The queue (Dexie, IndexedDB) is loaded only when it is used: it is no
 * part of a lesson page's code before its video's first frame.
 */
import { MAX_PROGRESS_RANGES, type LessonProgressAnswer, type ProgressReport } from '@contracts/learning';
import { isUnavailable } from '@pwa/lib/api-client';
import { sendProgress } from '../api/send-progress';
import { inChunks } from '../lib/watched-ranges';
import type { SendOutcome } from './progress-queue';

const queue = () => import('./progress-queue');

/** Sends a report (in parts of at most MAX_PROGRESS_RANGES ranges); resolves with the server's last answer. */
async function post(lessonId: string, report: ProgressReport, keepalive: boolean): Promise<LessonProgressAnswer> {
  let answer: LessonProgressAnswer | undefined;
  for (const ranges of inChunks(report.ranges, MAX_PROGRESS_RANGES))
    answer = await sendProgress(lessonId, { position: report.position, ranges }, { keepalive });
  return answer!;
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The server's answer, or null when the report was kept for later or refused. Rejects only if it could not even be kept. */
export async function deliverProgress(lessonId: string, report: ProgressReport, options: { keepalive?: boolean } = {}): Promise<LessonProgressAnswer | null> {
  if (offline()) {
    await (await queue()).queueProgress(lessonId, report);
    return null;
  }
  try {
    return await post(lessonId, report, !!options.keepalive);
  } catch (error) {
    if (isUnavailable(error)) await (await queue()).queueProgress(lessonId, report);
    return null;
  }
}

/** Sends what was kept on this device; resolves with how many reports were delivered. Loads the queue's code. */
export async function sendKeptProgress(): Promise<number> {
  // Loaded even offline: a report kept as the page is left must not wait for the queue's code.
  const { sendQueuedProgress } = await queue();
  if (offline()) return 0;
  return sendQueuedProgress(async (lessonId, report): Promise<SendOutcome> => {
    try {
      await post(lessonId, report, false);
      return 'sent';
    } catch (error) {
      return isUnavailable(error) ? 'retry' : 'dropped';
    }
  });
}
