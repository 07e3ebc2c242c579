/**
 * Live seminars whose end date has passed become recorded seminars. Idempotent: a seminar is
 * converted once, and a second run finds nothing to do. Runs at start and on an interval. The
 * conversion queues one "recording available" notice per buyer in the same transaction
 * (`services/recording-notices.ts` mails them, once).
 */
import type { Knex } from 'knex';
import { recordCatalogueChanges } from '@db/change-log';
import { Course } from '@db/models';
import { transaction } from '@db/transaction';
import { queueRecordingNotices } from '../calendar/recording-notices';

export async function convertEndedLiveSeminars(knex: Knex, now: Date = new Date()): Promise<string[]> {
  const nowIso = now.toISOString();
  // Retried on a deadlock: two processes sweeping at once both write the same rows.
  return transaction(knex, async (trx) => {
    const ended = await Course.query(trx).select('id').where('type', 'live_seminar').whereNotNull('end_date').where('end_date', '<', nowIso);
    if (ended.length === 0) return [];
    const ids = ended.map((course) => course.id);
    await Course.query(trx).patch({ type: 'recorded_seminar', updatedAt: nowIso }).whereIn('id', ids).where('type', 'live_seminar');
    await recordCatalogueChanges(
      trx,
      ids.map((id) => ({ entity: 'course' as const, entityId: id, action: 'upsert' as const })),
      now,
    );
    await queueRecordingNotices(trx, ids, nowIso);
    return ids;
  });
}
