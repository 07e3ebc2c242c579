/**
 * "The recording is available" (issue 16): when the seminar sweep turns an ended live seminar
 * into a recorded seminar, it records one notice per buyer in the same transaction
 * (`queueRecordingNotices`, unique per course and e-mail, so a second sweep adds nothing). The
 * mails go out from `sendDue`, each claimed first with a conditional UPDATE (due → sending), so a
 * buyer gets it once even with several processes sweeping; a failed send is due again.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Course, RecordingNotice } from '@db/models';
import { composeMail, type Mailer } from '../../integrations/mail';
import type { Clock } from '../../lib/clock';
import { courseBuyers } from '../enrollments/course-buyers';
import type { Logger } from '../../logger';

/** In the sweep's transaction: a notice for every buyer (completed orders) of the converted courses. */
export async function queueRecordingNotices(trx: Knex.Transaction, courseIds: string[], nowIso: string): Promise<void> {
  if (courseIds.length === 0) return;
  const unique = await courseBuyers(trx, courseIds);
  await RecordingNotice.insertMany(
    trx,
    unique.map((n) => ({
      id: crypto.randomUUID(),
      courseId: n.courseId,
      email: n.email,
      name: n.name,
      status: 'due' as const,
      createdAt: nowIso,
      sentAt: null,
    })),
    { ignoreConflictsOn: ['course_id', 'email'] },
  );
}

export interface RecordingNoticeOptions {
  knex: Knex;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
}

export class RecordingNoticeService {
  constructor(private readonly o: RecordingNoticeOptions) {}

  /** Mails every due notice once. Returns how many were sent. */
  async sendDue(limit = 500): Promise<number> {
    const { knex, mailer, clock, logger, publicUrl } = this.o;
    const due = await RecordingNotice.query(knex).where('status', 'due').limit(limit);
    // The batch's courses, read once (a converted seminar has many buyers).
    const courses = new Map(
      (
        await Course.query(knex)
          .findByIds([...new Set(due.map((n) => n.courseId))])
          .select('id', 'title')
      ).map((c) => [c.id, c]),
    );
    let sent = 0;
    for (const notice of due) {
      const claimed = await RecordingNotice.query(knex).findById(notice.id).where('status', 'due').patch({ status: 'sending' });
      if (claimed !== 1) continue;
      try {
        const course = courses.get(notice.courseId);
        if (!course) {
          await RecordingNotice.query(knex).findById(notice.id).patch({ status: 'sent', sentAt: clock().toISOString() });
          continue;
        }
        const link = `${publicUrl}/courses/${course.id}`;
        await mailer.send(
          composeMail(notice.email, `The recording of ${course.title} is available`, [
            `Hello${notice.name ? ` ${notice.name}` : ''}, the live seminar ${course.title} has ended and its recording is now available to you.`,
            `Watch it here: ${link}`,
            `Your courses are also in your profile: ${publicUrl}/profile`,
          ]),
        );
        await RecordingNotice.query(knex).findById(notice.id).patch({ status: 'sent', sentAt: clock().toISOString() });
        sent += 1;
      } catch (error) {
        logger.error('Could not send a recording notice; will try again', { noticeId: notice.id, error: String(error) });
        await RecordingNotice.query(knex).findById(notice.id).where('status', 'sending').patch({ status: 'due' });
      }
    }
    return sent;
  }
}
