/**
 * Calendar invites follow the join links (issue 30, point 2): an invite mailed before its person
 * had a link (the meeting was set after the purchase, a guest signed in later, an invite from
 * before join links) or whose link changed (a new token) gets SEQUENCE + 1 and an update to mail,
 * like a reschedule (`services/calendar`: `sendDue` mails it once, with the link as LOCATION and
 * URL). The link is marked announced and the invite raised in one transaction, each by a
 * conditional UPDATE, so any number of processes sweeping raise each invite once per change.
 * Invites whose receipt is not sent yet are left to the receipt, which carries the link itself.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { CalendarInvite, Course, JoinLink } from '@db/models';
import { transaction } from '@db/transaction';
import type { Clock } from '../../lib/clock';
import { sessionTimes } from '../calendar/calendar-invites';
import type { LearningAccess } from '../learning/access';
import { ensureJoinToken, tokenHash } from './join-tokens';

interface Candidate {
  inviteId: string;
  courseId: string;
  userId: string;
  sequence: number;
}

export async function announceInviteLinks(o: { knex: Knex; clock: Clock; key: Buffer; access: LearningAccess }): Promise<number> {
  const now = o.clock();
  const nowIso = now.toISOString();
  const candidates: Candidate[] = await o
    .knex({ i: 'calendar_invites' })
    .join({ m: 'meetings' }, 'm.course_id', 'i.course_id')
    .join({ ord: 'orders' }, 'ord.id', 'i.order_id')
    .join({ u: 'users' }, 'u.email', 'i.email')
    .leftJoin({ j: 'join_links' }, (on) => on.on('j.course_id', '=', 'i.course_id').andOn('j.user_id', '=', 'u.id'))
    .where('i.status', 'active')
    .whereIn('m.status', ['creating', 'ready', 'failed'])
    .whereNotNull('ord.receipt_sent_at')
    .whereNull('j.announced_at')
    .select('i.id as inviteId', 'i.course_id as courseId', 'u.id as userId', 'i.sequence as sequence');
  if (candidates.length === 0) return 0;
  const courses = new Map((await Course.query(o.knex).findByIds([...new Set(candidates.map((c) => c.courseId))])).map((c) => [c.id, c]));
  let raised = 0;
  for (const candidate of candidates) {
    const course = courses.get(candidate.courseId);
    const times = course && !course.archivedAt ? sessionTimes(course) : null;
    if (!times || Date.parse(times.end) <= now.getTime()) continue;
    if ((await o.access.live(candidate.userId, candidate.courseId)).length === 0) continue;
    const token = await ensureJoinToken(o.knex, o.key, candidate.courseId, candidate.userId, nowIso);
    const done = await transaction(o.knex, async (trx) => {
      const marked = await JoinLink.query(trx)
        .where({ course_id: candidate.courseId, user_id: candidate.userId, token_hash: tokenHash(token) })
        .whereNull('announced_at')
        .patch({ announcedAt: nowIso, updatedAt: nowIso });
      if (marked !== 1) return false;
      const invite = await CalendarInvite.query(trx)
        .findById(candidate.inviteId)
        .where('status', 'active')
        .patch({ sequence: raw('sequence + 1'), mailDue: true, updatedAt: nowIso });
      if (invite !== 1) throw new InviteGone();
      return true;
    }).catch((error: unknown) => {
      if (error instanceof InviteGone) return false;
      throw error;
    });
    if (done) raised++;
  }
  return raised;
}

/** The invite was cancelled meanwhile: the link stays unannounced (rolled back). */
class InviteGone extends Error {}
