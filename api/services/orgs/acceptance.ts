/**
 * Accepting an invitation is signing in with its address (issue 33, point 3): the member becomes
 * active with the account, and every seat already assigned to them gives the account its course
 * (written to their training record). Called by sign-in after the address is proven, in one
 * transaction; a second sign-in finds nothing left to do.
 */
import type { Knex } from 'knex';
import { OrgMember, OrgSeat } from '@db/models';
import { transaction } from '@db/transaction';
import { syncCourseAttendees } from '../meetings/attendees';
import { grantOrgLibraries } from './org-membership';
import { grantSeat } from './seats';
import { appendRecord } from './training-record';

export async function acceptInvitations(db: Knex, userId: string, email: string, now: Date): Promise<void> {
  const invited = await OrgMember.query(db).findOne({ member_key: email.toLowerCase(), status: 'invited' });
  const activeWithout = invited ? undefined : await OrgMember.query(db).findOne({ member_key: email.toLowerCase(), status: 'active' });
  const member = invited ?? activeWithout;
  if (!member) return;
  const nowIso = now.toISOString();
  const courses: string[] = [];
  await transaction(db, async (trx) => {
    if (invited) {
      const accepted = await OrgMember.query(trx).findById(member.id).where('status', 'invited').patch({ status: 'active', userId, acceptedAt: nowIso });
      if (!accepted) return;
    }
    const waiting = await OrgSeat.query(trx).where('member_id', member.id).whereNull('voided_at').whereNull('entitlement_id');
    for (const seat of waiting) {
      await grantSeat(trx, seat, userId, nowIso);
      courses.push(seat.courseId);
    }
    await appendRecord(
      trx,
      waiting.map((seat) => ({
        userId,
        type: 'assigned' as const,
        orgId: member.orgId,
        courseId: seat.courseId,
        data: { seatId: seat.id, by: 'invitation accepted' },
      })),
      now,
    );
    for (const courseId of courses) await syncCourseAttendees(trx, courseId, now, [userId]);
    // Accepting now: the organisation's BUSINESS membership library, if it has one, is theirs at once
    // (not on every later sign-in: the sweep keeps it complete).
    if (invited) await grantOrgLibraries(trx, nowIso, { orgId: member.orgId, userId });
  });
}
