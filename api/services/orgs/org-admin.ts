/**
 * The back office's hand in organisations (issue 33, point 6), admins only, each change audited
 * in its own transaction: an organisation made for a customer (who becomes its manager: at once
 * with an account, else invited by e-mail), a seat moved to someone else with a reason (the same
 * move and refusals as a manager's), and a member moved to another organisation with a reason
 * (their seats not yet begun go back to the first pool).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { ORG_MESSAGES, type AdminSeatMove, type MemberView, type OrgSummary } from '@contracts/orgs';
import { isUniqueViolation } from '@db/errors';
import { Organisation, OrgMember } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { toMemberView } from './invitations';
import { queueInvitations } from './org-mail';
import { endOrgLibrary, grantOrgLibraries } from './org-membership';
import type { OrgActor } from './org-access';
import { releaseMemberSeats, userByEmail, type SeatService } from './seats';

export class OrgAdmin {
  constructor(private readonly o: { knex: Knex; clock: Clock; seats: SeatService }) {}

  async create(actor: Actor, name: string, managerEmail: string, record?: RecordAnswer<OrgSummary>): Promise<OrgSummary> {
    const { knex, clock } = this.o;
    const now = clock();
    const nowIso = now.toISOString();
    const id = crypto.randomUUID();
    const account = await userByEmail(knex, managerEmail);
    const memberId = crypto.randomUUID();
    const summary: OrgSummary = { id, name, role: 'manager', createdAt: nowIso };
    try {
      await transaction(knex, async (trx) => {
        await Organisation.query(trx).insert({ id, name, createdBy: actor.id, createdAt: nowIso, updatedAt: nowIso });
        await OrgMember.query(trx).insert({
          id: memberId,
          orgId: id,
          userId: account?.id ?? null,
          email: managerEmail,
          name: account?.name ?? null,
          department: null,
          role: 'manager',
          status: account ? 'active' : 'invited',
          memberKey: managerEmail,
          mailState: account ? 'none' : 'due',
          mailsSent: 0,
          invitedBy: actor.id,
          invitedAt: nowIso,
          acceptedAt: account ? nowIso : null,
        });
        if (!account) await queueInvitations(trx, [{ id: memberId, round: 1 }], now);
        await recordAudit(
          trx,
          actor,
          {
            entity: 'organisation',
            entityId: id,
            action: 'create',
            before: null,
            after: { name, managerEmail },
            summary: `Organisation "${name}" created for ${managerEmail}`,
          },
          nowIso,
        );
        await record?.(trx, summary);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(ORG_MESSAGES.otherOrganisation);
      throw error;
    }
    return summary;
  }

  /** The move's facts are the answer (recorded in its transaction with the audit). */
  async moveSeat(actor: OrgActor, orgId: string, seatId: string, email: string, reason: string, record?: RecordAnswer<AdminSeatMove>): Promise<AdminSeatMove> {
    let answer: AdminSeatMove | undefined;
    await this.o.seats.assign(orgId, seatId, email, actor, async (trx, move, nowIso) => {
      await recordAudit(
        trx,
        actor,
        {
          entity: 'organisation',
          entityId: orgId,
          action: 'update',
          before: { seatId: move.seatId, holder: move.from },
          after: { seatId: move.seatId, holder: move.to, reason },
          summary: `Seat moved from ${move.from ?? 'nobody'} to ${move.to}: ${reason}`,
        },
        nowIso,
      );
      answer = { seatId: move.seatId, courseId: move.courseId, from: move.from, to: move.to, reason };
      await record?.(trx, answer);
    });
    // Assigned to its holder already: nothing moved, and nothing to audit.
    if (!answer) throw AppError.conflict(ORG_MESSAGES.sameAssignee);
    return answer;
  }

  async moveMember(actor: OrgActor, orgId: string, memberId: string, toOrgId: string, reason: string, record?: RecordAnswer<MemberView>): Promise<MemberView> {
    const { knex, clock } = this.o;
    const now = clock();
    const nowIso = now.toISOString();
    if (toOrgId === orgId) throw AppError.badRequest('Choose another organisation to move this person to');
    try {
      return await transaction(knex, async (trx) => {
        const [member, to] = await Promise.all([OrgMember.query(trx).findOne({ id: memberId, org_id: orgId }), Organisation.query(trx).findById(toOrgId)]);
        if (!member || member.status === 'revoked') throw AppError.notFound('Member not found');
        if (!to) throw AppError.notFound(ORG_MESSAGES.notFound);
        if (member.role === 'manager') throw AppError.conflict('A manager cannot be moved here');
        const left = await OrgMember.query(trx)
          .findById(member.id)
          .where('status', member.status)
          .patch({ status: 'revoked', memberKey: null, revokedAt: nowIso });
        if (!left) throw AppError.notFound('Member not found');
        const released = await releaseMemberSeats(trx, member, actor, now);
        await endOrgLibrary(trx, member, nowIso);
        const moved = {
          ...member,
          id: crypto.randomUUID(),
          orgId: toOrgId,
          invitedBy: actor.id,
          invitedAt: nowIso,
          revokedAt: null,
          mailState: 'none' as const,
        };
        await OrgMember.query(trx).insert(moved);
        await recordAudit(
          trx,
          actor,
          {
            entity: 'organisation',
            entityId: toOrgId,
            action: 'update',
            before: { orgId, memberId },
            after: { orgId: toOrgId, memberId: moved.id, seatsReleased: released, reason },
            summary: `${member.email} moved to "${to.name}": ${reason}`,
          },
          nowIso,
        );
        if (moved.status === 'active' && moved.userId) await grantOrgLibraries(trx, nowIso, { orgId: toOrgId, userId: moved.userId });
        const view = toMemberView((await OrgMember.query(trx).findById(moved.id))!);
        await record?.(trx, view);
        return view;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(ORG_MESSAGES.otherOrganisation);
      throw error;
    }
  }
}
