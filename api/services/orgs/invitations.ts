/**
 * Inviting people to an organisation (issue 33, point 3): a pasted list (`{ emails }`) or a CSV
 * (`email`, optional `name`, `department`). Every row is read and reported: `invited`,
 * `already_member` (of this organisation), `duplicate` (earlier in the list) or `error` (not an
 * address, a cell a spreadsheet would run, someone in another organisation). One error and
 * nothing is invited (400 with the report); otherwise every new person is invited in one
 * transaction and their invitation mail queued (`org-mail.ts`). Accepting is signing in with the
 * address (`acceptance.ts`). Managers resend and revoke invitations.
 */
import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Knex } from 'knex';
import {
  MAX_INVITATION_ROWS,
  ORG_MESSAGES,
  invitationsJsonSchema,
  memberEmailSchema,
  type InvitationReport,
  type InvitationRow,
  type MemberView,
} from '@contracts/orgs';
import { isUniqueViolation } from '@db/errors';
import { OrgMember } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '@api/errors';
import type { Clock } from '@api/lib/clock';
import { FORMULA_START } from '../orders/order-report';
import { queueInvitations } from './org-mail';
import { endOrgLibrary } from './org-membership';
import { requireOrg, type OrgActor } from './org-access';
import { releaseMemberSeats } from './seats';

export interface InvitationInput {
  email: string;
  name: string | null;
  department: string | null;
  row: number;
}

/** The rows of a JSON body (`{ emails }`) or a CSV body; a body that is neither is a 415. */
export function readInvitationBody(contentType: string, body: Buffer): InvitationInput[] {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  let rows: InvitationInput[];
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw AppError.badRequest('The request body is not valid JSON');
    }
    const result = invitationsJsonSchema.safeParse(parsed);
    if (!result.success) throw AppError.badRequest(result.error.issues[0]?.message ?? ORG_MESSAGES.notCsvOrJson);
    rows = result.data.emails.map((email, index) => ({ email, name: null, department: null, row: index + 1 }));
  } else if (type === 'text/csv') {
    rows = readCsv(body);
  } else {
    throw new AppError('unsupported_media_type', ORG_MESSAGES.notCsvOrJson);
  }
  if (rows.length === 0) throw AppError.badRequest(ORG_MESSAGES.emptyList);
  if (rows.length > MAX_INVITATION_ROWS) throw new AppError('payload_too_large', ORG_MESSAGES.tooManyRows);
  return rows;
}

function readCsv(body: Buffer): InvitationInput[] {
  let records: string[][];
  try {
    records = parse(body, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, trim: true, to_line: MAX_INVITATION_ROWS + 2 });
  } catch {
    throw AppError.badRequest('The CSV could not be read');
  }
  const header = (records[0] ?? []).map((cell) => cell.toLowerCase());
  const column = (name: string) => header.indexOf(name);
  if (column('email') < 0) throw AppError.badRequest(ORG_MESSAGES.csvHeader);
  const cell = (record: string[], name: string) => (column(name) >= 0 ? (record[column(name)] ?? '') : '');
  return records.slice(1).map((record, index) => ({
    email: cell(record, 'email'),
    name: cell(record, 'name') || null,
    department: cell(record, 'department') || null,
    row: index + 2,
  }));
}

/** Each row's verdict against the organisation's members and everyone else's. */
async function judge(db: Knex, orgId: string, rows: InvitationInput[]): Promise<Array<InvitationRow & { input: InvitationInput }>> {
  const seen = new Set<string>();
  const judged = rows.map((input) => {
    const parsed = memberEmailSchema.safeParse(input.email);
    const email = parsed.success ? parsed.data : input.email.slice(0, 254);
    const base = { row: input.row, email, input: { ...input, email } };
    if (!parsed.success) return { ...base, status: 'error' as const, message: 'Not a valid e-mail address' };
    for (const text of [input.name, input.department])
      if (text && FORMULA_START.test(text)) return { ...base, status: 'error' as const, message: ORG_MESSAGES.formula };
    if ((input.name?.length ?? 0) > 200 || (input.department?.length ?? 0) > 200)
      return { ...base, status: 'error' as const, message: 'Name and department must be at most 200 characters' };
    if (seen.has(email)) return { ...base, status: 'duplicate' as const };
    seen.add(email);
    return { ...base, status: 'invited' as const };
  });
  const fresh = judged.filter((row) => row.status === 'invited').map((row) => row.email);
  const taken = new Map<string, string>();
  for (let start = 0; start < fresh.length; start += 500) {
    const rowsTaken = await OrgMember.query(db)
      .whereIn('member_key', fresh.slice(start, start + 500))
      .select('member_key', 'org_id');
    for (const row of rowsTaken) taken.set(row.memberKey!, row.orgId);
  }
  return judged.map((row) => {
    if (row.status !== 'invited' || !taken.has(row.email)) return row;
    return taken.get(row.email) === orgId
      ? { ...row, status: 'already_member' as const }
      : { ...row, status: 'error' as const, message: ORG_MESSAGES.otherOrganisation };
  });
}

export const toMemberView = (m: OrgMember): MemberView => ({
  id: m.id,
  userId: m.userId,
  email: m.email,
  name: m.name,
  department: m.department,
  role: m.role,
  status: m.status === 'active' ? 'active' : 'invited',
  invitedAt: m.invitedAt,
  acceptedAt: m.acceptedAt,
});

export class InvitationService {
  constructor(private readonly o: { knex: Knex; clock: Clock }) {}

  async invite(orgId: string, actor: OrgActor, rows: InvitationInput[]): Promise<InvitationReport> {
    const { knex, clock } = this.o;
    await requireOrg(knex, orgId, actor, 'manager');
    const judged = await judge(knex, orgId, rows);
    const report = judged.map(({ input: _input, ...row }) => row);
    if (report.some((row) => row.status === 'error')) throw new AppError('bad_request', ORG_MESSAGES.rowsRefused, { invited: 0, rows: report });
    const now = clock();
    const nowIso = now.toISOString();
    const invited = judged.filter((row) => row.status === 'invited').map((row) => row.input);
    try {
      await transaction(knex, async (trx) => {
        const members = invited.map((input) => ({
          id: crypto.randomUUID(),
          orgId,
          userId: null,
          email: input.email,
          name: input.name,
          department: input.department,
          role: 'learner' as const,
          status: 'invited' as const,
          memberKey: input.email,
          mailState: 'due' as const,
          mailsSent: 0,
          invitedBy: actor.id,
          invitedAt: nowIso,
        }));
        for (let start = 0; start < members.length; start += 500) await OrgMember.insertMany(trx, members.slice(start, start + 500));
        await queueInvitations(
          trx,
          members.map((m) => ({ id: m.id, round: 1 })),
          now,
        );
      });
    } catch (error) {
      // Someone on the list joined or was invited elsewhere meanwhile: nothing was written.
      if (isUniqueViolation(error)) throw AppError.conflict(`${ORG_MESSAGES.otherOrganisation}. Nothing was invited: send the list again.`);
      throw error;
    }
    return { invited: invited.length, rows: report };
  }

  /** The invitation mail again (the next round; asked twice before it left, it is one mail). */
  async resend(orgId: string, memberId: string, actor: OrgActor): Promise<MemberView> {
    const { knex, clock } = this.o;
    await requireOrg(knex, orgId, actor, 'manager');
    return transaction(knex, async (trx) => {
      const member = await OrgMember.query(trx).findOne({ id: memberId, org_id: orgId });
      if (!member || member.status === 'revoked') throw AppError.notFound('Member not found');
      if (member.status !== 'invited') throw AppError.conflict('This person has already accepted');
      await OrgMember.query(trx).findById(memberId).patch({ mailState: 'due' });
      await queueInvitations(trx, [{ id: memberId, round: member.mailsSent + 1 }], clock());
      return toMemberView(member);
    });
  }

  /**
   * A learner removed (an invitation withdrawn, or someone who left): the address is free for any
   * organisation to invite, and their seats not yet begun go back to the pool (`releaseMemberSeats`).
   * Managers are not removed this way.
   */
  async remove(orgId: string, memberId: string, actor: OrgActor): Promise<{ seatsReleased: number }> {
    const { knex, clock } = this.o;
    await requireOrg(knex, orgId, actor, 'manager');
    const now = clock();
    return transaction(knex, async (trx) => {
      const member = await OrgMember.query(trx).findOne({ id: memberId, org_id: orgId });
      if (!member || member.status === 'revoked') throw AppError.notFound('Member not found');
      if (member.role === 'manager') throw AppError.conflict('A manager cannot be removed here');
      const changed = await OrgMember.query(trx)
        .findById(memberId)
        .where('status', member.status)
        .patch({ status: 'revoked', memberKey: null, revokedAt: now.toISOString() });
      if (!changed) throw AppError.notFound('Member not found');
      await endOrgLibrary(trx, member, now.toISOString());
      return { seatsReleased: await releaseMemberSeats(trx, member, actor, now) };
    });
  }

  async members(orgId: string, actor: OrgActor): Promise<MemberView[]> {
    await requireOrg(this.o.knex, orgId, actor, 'manager');
    const rows = await OrgMember.query(this.o.knex)
      .where('org_id', orgId)
      .whereNot('status', 'revoked')
      .orderBy([{ column: 'role' }, { column: 'email' }]);
    return rows.map(toMemberView);
  }
}
