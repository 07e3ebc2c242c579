/**
 * Certificates for completions that have none (issue 32): completions recorded before certificates
 * existed, or whose issuing job died for good. Every 6 hours (the first run soon after a deploy),
 * one process finds completions of existing courses and accounts without their certificate and
 * queues `issue-certificates` for them; issuing is exactly-once by `source_key`, so a run that
 * overlaps a normal issue changes nothing.
 */
import { transaction } from '@db/transaction';
import { queueIssuing } from '../services/certificates/issue-kind';
import type { PeriodicJob } from './definitions';
import type { Knex } from 'knex';

/** Completions without a certificate, per course: one anti-join (a completion's certificate has its course, its holder and a `completion:` key). */
export async function completionsWithoutCertificates(knex: Knex): Promise<Map<string, string[]>> {
  const rows: Array<{ courseId: string; userId: string }> = await knex({ cc: 'course_completions' })
    .join({ c: 'courses' }, 'c.id', 'cc.course_id')
    .join({ u: 'users' }, 'u.id', 'cc.user_id')
    .leftJoin({ cert: 'certificates' }, (join) =>
      join
        .on('cert.course_id', 'cc.course_id')
        .andOn('cert.user_id', 'cc.user_id')
        .andOn('cert.source_key', 'like', knex.raw('?', ['completion:%'])),
    )
    .whereNotNull('cc.completed_at')
    .whereNull('cert.id')
    .select('cc.course_id as courseId', 'cc.user_id as userId');
  const missing = new Map<string, string[]>();
  for (const { courseId, userId } of rows) missing.set(courseId, [...(missing.get(courseId) ?? []), userId]);
  return missing;
}

export function certificateBackfillJob(knex: Knex): PeriodicJob {
  return {
    name: 'certificate-backfill',
    everySeconds: 6 * 60 * 60,
    async run({ now, logger }) {
      const missing = await completionsWithoutCertificates(knex);
      let people = 0;
      for (const [courseId, userIds] of missing) {
        await transaction(knex, (trx) => queueIssuing(trx, courseId, userIds, now.toISOString()));
        people += userIds.length;
      }
      if (people > 0) logger.info(`Certificate backfill: issuing queued for ${people} completion(s) in ${missing.size} course(s)`);
    },
  };
}
