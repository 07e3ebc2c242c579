/**
 * Organisations (issue 33, point 1): created by a signed-in person, who becomes its manager, and
 * listed to their members. A person belongs to one organisation at a time (`member_key`, unique):
 * to move, they are removed from the first (a manager or an admin) and then invited by the next.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { CERTIFICATE_ISSUER } from '@contracts/certificates';
import { ORG_MESSAGES, type AdminOrgRow, type OrgSummary, type TrainingRecord } from '@contracts/orgs';
import { isUniqueViolation } from '@db/errors';
import { Course, Organisation, OrgMember, OrgSeat, User } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { requireOrg, type OrgActor } from './org-access';
import { readRecord } from './training-record';
import { recordCsv, recordPdf } from './record-export';

export class OrgService {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  async create(actor: OrgActor & { name: string }, name: string): Promise<OrgSummary> {
    const { knex, clock } = this.o;
    const nowIso = clock().toISOString();
    const id = crypto.randomUUID();
    const email = actor.email.toLowerCase();
    try {
      await transaction(knex, async (trx) => {
        await Organisation.query(trx).insert({ id, name, createdBy: actor.id, createdAt: nowIso, updatedAt: nowIso });
        await OrgMember.query(trx).insert({
          id: crypto.randomUUID(),
          orgId: id,
          userId: actor.id,
          email,
          name: actor.name,
          department: null,
          role: 'manager',
          status: 'active',
          memberKey: email,
          mailState: 'none',
          mailsSent: 0,
          invitedBy: actor.id,
          invitedAt: nowIso,
          acceptedAt: nowIso,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict('You already belong to an organisation');
      throw error;
    }
    return { id, name, role: 'manager', createdAt: nowIso };
  }

  /** The caller's organisation (a list: one at a time today). */
  async mine(actor: OrgActor): Promise<OrgSummary[]> {
    const rows = await OrgMember.query(this.o.knex)
      .join('organisations', 'organisations.id', 'org_members.org_id')
      .where({ 'org_members.user_id': actor.id, 'org_members.status': 'active' })
      .select('organisations.id', 'organisations.name', 'organisations.created_at', 'org_members.role')
      .castTo<Array<{ id: string; name: string; createdAt: string; role: 'manager' | 'learner' }>>();
    return rows.map((row) => ({ id: row.id, name: row.name, role: row.role, createdAt: row.createdAt }));
  }

  /**
   * One member's training record as this organisation sees it: the chain is checked whole, the
   * entries shown are those made in this organisation. Managers and admins read anyone's; a
   * learner only their own (403 for a colleague's).
   */
  async record(orgId: string, userId: string, actor: OrgActor): Promise<TrainingRecord> {
    const { knex } = this.o;
    const access = await requireOrg(knex, orgId, actor, 'member');
    if (access.role !== 'manager' && userId !== actor.id) throw new AppError('forbidden', ORG_MESSAGES.managersOnly);
    const member = await OrgMember.query(knex).where({ org_id: orgId, user_id: userId }).select('id').first();
    if (!member) throw AppError.notFound('Member not found');
    const record = await readRecord(knex, userId);
    return { ...record, entries: record.entries.filter((entry) => entry.orgId === orgId) };
  }

  /** The record as a file for an inspector: CSV (streamed) or PDF. */
  async recordFile(
    orgId: string,
    userId: string,
    actor: OrgActor,
    format: 'csv' | 'pdf',
  ): Promise<{ filename: string; type: string; body: Buffer | NodeJS.ReadableStream }> {
    const { knex, clock } = this.o;
    const record = await this.record(orgId, userId, actor);
    const courseIds = [...new Set(record.entries.map((e) => e.courseId).filter((id): id is string => !!id))];
    const courses = courseIds.length ? await Course.query(knex).whereIn('id', courseIds).select('id', 'title') : [];
    const titles = new Map(courses.map((c) => [c.id, c.title]));
    const filename = `training-record-${userId.slice(0, 8)}.${format}`;
    if (format === 'csv') return { filename, type: 'text/csv; charset=utf-8', body: recordCsv(record, titles) };
    const [person, org] = await Promise.all([
      User.query(knex).findById(userId).select('name', 'email'),
      Organisation.query(knex).findById(orgId).select('name'),
    ]);
    const pdf = await recordPdf(
      record,
      titles,
      { name: person?.name ?? '', email: person?.email ?? '', organisation: org?.name ?? '' },
      CERTIFICATE_ISSUER.company,
      clock(),
    );
    return { filename, type: 'application/pdf', body: pdf };
  }

  /** Admins: every organisation with its managers and counts (three queries). */
  async adminList(): Promise<AdminOrgRow[]> {
    const { knex } = this.o;
    const [orgs, members, seats] = await Promise.all([
      Organisation.query(knex).orderBy('name'),
      OrgMember.query(knex).whereIn('status', ['invited', 'active']).select('org_id', 'email', 'role', 'status'),
      OrgSeat.query(knex).whereNull('voided_at').select('org_id', 'member_id'),
    ]);
    return orgs.map((org) => {
      const own = members.filter((m) => m.orgId === org.id);
      const pool = seats.filter((seat) => seat.orgId === org.id);
      return {
        id: org.id,
        name: org.name,
        createdAt: org.createdAt,
        managers: own.filter((m) => m.role === 'manager').map((m) => m.email),
        members: own.filter((m) => m.status === 'active').length,
        invited: own.filter((m) => m.status === 'invited').length,
        seats: pool.length,
        seatsAssigned: pool.filter((seat) => seat.memberId).length,
      };
    });
  }
}
