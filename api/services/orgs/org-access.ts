/**
 * Who may see and act on an organisation: its active managers (everything), its active learners
 * (only what is theirs), admins (everything, for every organisation). Anyone else is told it does
 * not exist (404), so an organisation's id tells an outsider nothing.
 */
import type { Knex } from 'knex';
import { ORG_MESSAGES, type OrgRoleName } from '@contracts/orgs';
import { Organisation, OrgMember } from '@db/models';
import { AppError } from '@api/errors';
import { isUuid } from '../catalogue/catalogue-service';

export interface OrgActor {
  id: string;
  email: string;
  role: string;
}

export interface OrgAccess {
  org: Organisation;
  /** The actor's role in it (admins who are not members: `manager`). */
  role: OrgRoleName;
  admin: boolean;
}

/** The organisation the actor may act on at `need`; 404 for outsiders, 403 for a learner where a manager is needed. */
export async function requireOrg(db: Knex, orgId: string, actor: OrgActor, need: 'manager' | 'member'): Promise<OrgAccess> {
  const org = isUuid(orgId) ? await Organisation.query(db).findById(orgId) : undefined;
  if (!org) throw AppError.notFound(ORG_MESSAGES.notFound);
  const admin = actor.role === 'admin';
  const member = await OrgMember.query(db).where({ org_id: orgId, user_id: actor.id, status: 'active' }).select('role').first();
  if (!member && !admin) throw AppError.notFound(ORG_MESSAGES.notFound);
  const role = admin ? 'manager' : member!.role;
  if (need === 'manager' && role !== 'manager') throw new AppError('forbidden', ORG_MESSAGES.managersOnly);
  return { org, role, admin };
}

/** For checkout: the signed-in buyer must manage the organisation they buy seats for (else 404). */
export async function requireOrgManager(db: Knex, orgId: string, userId: string): Promise<void> {
  const member = await OrgMember.query(db).where({ org_id: orgId, user_id: userId, status: 'active', role: 'manager' }).select('id').first();
  if (!member) throw AppError.notFound(ORG_MESSAGES.notFound);
}
