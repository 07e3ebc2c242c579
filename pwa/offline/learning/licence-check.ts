/**
 * The check whenever the app is online (issue 34): each downloaded course's licence renewed by the
 * server, or — refunded, revoked, ended — its download deleted and the learner told; paused
 * downloads resume. Once per coming online (and at start), one request for every course.
 */
import type { LicenceRenewalAnswer } from '@contracts/offline-learning';
import { apiRequest } from '@pwa/lib/api-client';
import { deleteDownload, ensureKey, resumePausedDownloads } from './downloader';
import { downloadsDb } from './downloads-db';

/** Renews what can be, deletes the revoked; resolves with the titles of the courses deleted. */
export async function checkDownloads(userId: string): Promise<string[]> {
  const db = downloadsDb();
  const held = await db.courses.toArray();
  // Another person's downloads on a shared device are not theirs to keep: they go too.
  const others = held.filter((c) => c.userId !== userId);
  for (const course of others) await deleteDownload(course.courseId);
  const mine = held.filter((c) => c.userId === userId);
  if (mine.length === 0) return [];
  await ensureKey();
  const answer = (await (await apiRequest('POST', '/api/me/offline-licences', { courseIds: mine.map((c) => c.courseId) })).json()) as LicenceRenewalAnswer;
  const now = new Date().toISOString();
  await db.transaction('rw', db.courses, async () => {
    for (const renewed of answer.licences)
      await db.courses.update(renewed.courseId, { licence: renewed.licence, licenceExpiresAt: renewed.licenceExpiresAt, checkedAt: now });
  });
  const gone = mine.filter((c) => answer.revoked.includes(c.courseId));
  for (const course of gone) await deleteDownload(course.courseId);
  void resumePausedDownloads();
  return gone.map((c) => c.title);
}
