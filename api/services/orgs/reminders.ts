/**
 * A manager reminds chosen members of their outstanding training (issue 33, point 4): each one
 * with a seat of a course they have not completed gets a push on their devices and an e-mail, at
 * most once a day (UTC). The day's claim is a unique row per member and day, written with the
 * queued send in one transaction: two managers, or two processes, asking at once remind once.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { ReminderReport } from '@contracts/orgs';
import { OrgMember, OrgReminder } from '@db/models';
import { transaction } from '@db/transaction';
import type { Clock } from '@api/lib/clock';
import { requireOrg, type OrgActor } from './org-access';
import { queueReminders } from './org-mail';
import { outstandingCourses } from './outstanding';

export class OrgReminders {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  async remind(orgId: string, actor: OrgActor, memberIds: readonly string[]): Promise<ReminderReport> {
    const { knex, clock } = this.o;
    await requireOrg(knex, orgId, actor, 'manager');
    const ids = [...new Set(memberIds)];
    const members = await OrgMember.query(knex).where('org_id', orgId).whereIn('id', ids).whereIn('status', ['invited', 'active']);
    const outstanding = await outstandingCourses(knex, members);
    const now = clock();
    const nowIso = now.toISOString();
    const claims = members
      .filter((m) => outstanding.has(m.id))
      .map((m) => ({ id: crypto.randomUUID(), org_id: orgId, member_id: m.id, day: nowIso.slice(0, 10), sent_by: actor.id, created_at: nowIso }));
    const claimed = await transaction(knex, async (trx) => {
      if (claims.length === 0) return new Set<string>();
      await trx('org_reminders').insert(claims).onConflict(['member_id', 'day']).ignore();
      // Ours are the rows with the ids we wrote; a member already reminded today kept the earlier row.
      const mine = await OrgReminder.query(trx).whereIn(
        'id',
        claims.map((c) => c.id),
      );
      await queueReminders(
        trx,
        mine.map((r) => r.id),
        now,
      );
      return new Set(mine.map((r) => r.memberId));
    });
    const found = new Set(members.map((m) => m.id));
    return {
      reminded: claimed.size,
      members: ids.map((memberId) => ({
        memberId,
        status: !found.has(memberId) ? 'not_found' : !outstanding.has(memberId) ? 'nothing_due' : claimed.has(memberId) ? 'reminded' : 'already_today',
      })),
    };
  }
}
