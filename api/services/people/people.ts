/**
 * People in the back office (back-office spec §2 Contributors and Customers, §5, §6, §7): the user
 * list, creating, editing and deleting customers and contributors, and the contributors page's
 * figures. The rules:
 * - an e-mail belongs to one account (any case): 409 "A user with this email already exists";
 * - a change of role or e-mail, and deactivation, revoke the person's sessions in the same
 *   transaction, so their very next request is judged by what they are now;
 * - an admin cannot demote, deactivate or delete themselves, and the last active admin stays
 *   (the active admins are locked while this is checked, so two admins demoting each other at
 *   once cannot both succeed);
 * - deleting a person keeps their orders (with the name and e-mail as bought) and removes the
 *   account with its sessions and enrollments; the e-mail may sign up again as a new account;
 * - a new back-office account gets a welcome e-mail with the sign-in link;
 * - every write lands in the audit log;
 * - a write's Idempotency-Key answer (`record`) is recorded as the last step of its transaction.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Order, Session, User } from '@db/models';
import { isUniqueViolation } from '@db/errors';
import { forUpdate, transaction } from '@db/transaction';
import { admits, permissionsOf, type Permission, type Role } from '@contracts/access';
import {
  EMAIL_TAKEN_MESSAGE,
  USER_PAGE_DEFAULT,
  type AdminUser,
  type ContributorCreated,
  type ContributorStats,
  type ContributorWrite,
  type CustomerWrite,
  type UserListQuery,
} from '@contracts/admin-people';
import { AppError } from '../../errors';
import { composeMail, type Mailer } from '../../integrations/mail';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import { recordAudit, type Actor } from '../platform/audit';
import type { RecordAnswer } from '../platform/idempotency-service';
import { keysetPage, likeLiteral } from '../platform/keyset-page';

export interface PeopleServiceOptions {
  knex: Knex;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** The back-office sign-in page the welcome e-mail links to. */
  adminLoginUrl: string;
}

export const SELF_ROLE_MESSAGE = 'You cannot change your own role.';
export const SELF_DEACTIVATE_MESSAGE = 'You cannot deactivate your own account.';
export const SELF_DELETE_MESSAGE = 'You cannot delete your own account.';
export const LAST_ADMIN_MESSAGE = 'At least one active admin must remain.';

/**
 * The fields a write sets; what it leaves out stays as it is (contributors keep their permissions
 * and membership). Permissions null: the role's default (`permissionsOf`).
 */
interface PersonFields {
  name: string;
  email: string;
  role: Role;
  membershipType?: CustomerWrite['membershipType'];
  isActive?: boolean;
  permissions?: Permission[] | null;
}

/** Which screen's endpoints a write came through: each manages its own people. */
export type Screen = 'customers' | 'contributors';

/** The person, if that screen manages them: customers anyone but admins; contributors back-office accounts. 404 otherwise. */
function onScreen(user: User | undefined, screen: Screen): User {
  if (screen === 'customers' && user && user.role !== 'admin') return user;
  if (screen === 'contributors' && user && admits('staff', user.role)) return user;
  throw AppError.notFound(screen === 'customers' ? 'Customer not found' : 'Contributor not found');
}

const ROLE_NAMES: Record<Role, string> = { admin: 'admin', contributor: 'contributor', customer: 'customer', user: 'user' };

export function toAdminUser(user: User): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    membershipType: user.membershipType,
    isActive: user.isActive,
    permissions: permissionsOf(user.role, user.permissions),
    lastSignInAt: user.lastSignInAt,
    createdAt: user.createdAt,
  };
}

/** The audited view of a person (what the log compares before and after). */
const audited = (user: User) => ({
  name: user.name,
  email: user.email,
  role: user.role,
  membershipType: user.membershipType,
  isActive: user.isActive,
  permissions: permissionsOf(user.role, user.permissions),
});

export class PeopleService {
  constructor(private readonly o: PeopleServiceOptions) {}

  async listUsers(query: UserListQuery): Promise<{ users: AdminUser[]; nextCursor: string | null }> {
    const list = User.query(this.o.knex);
    if (query.role) list.whereIn('users.role', query.role);
    const term = query.search?.trim().toLowerCase();
    if (term) {
      const pattern = `%${likeLiteral(term)}%`;
      list.where((w) => w.whereRaw(`lower(users.name) like ? escape '!'`, [pattern]).orWhereRaw(`lower(users.email) like ? escape '!'`, [pattern]));
    }
    const page = await keysetPage(list, 'users', { limit: query.limit ?? USER_PAGE_DEFAULT, cursor: query.cursor });
    return { users: page.rows.map(toAdminUser), nextCursor: page.nextCursor };
  }

  async contributorStats(): Promise<ContributorStats> {
    const now = this.o.clock();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const row = await User.query(this.o.knex)
      .whereIn('role', ['admin', 'contributor'])
      .select(raw(`coalesce(sum(case when role = 'admin' then 1 else 0 end), 0) as admins`))
      .select(raw(`coalesce(sum(case when role = 'contributor' then 1 else 0 end), 0) as contributors`))
      .select(raw(`coalesce(sum(case when last_sign_in_at >= ? then 1 else 0 end), 0) as active`, [monthStart]))
      .first()
      .castTo<{ admins: number | string; contributors: number | string; active: number | string } | undefined>();
    const admins = Number(row?.admins ?? 0);
    const contributors = Number(row?.contributors ?? 0);
    return { totalContributors: admins + contributors, admins, contributors, activeThisMonth: Number(row?.active ?? 0) };
  }

  /** A contributor made on the customers screen (which has no permissions) gets the role's default ones. */
  createCustomer(actor: Actor, body: CustomerWrite, record?: RecordAnswer<ContributorCreated>): Promise<ContributorCreated> {
    return this.create(actor, { ...body, permissions: admits('staff', body.role) ? null : [] }, record);
  }

  createContributor(actor: Actor, body: ContributorWrite, record?: RecordAnswer<ContributorCreated>): Promise<ContributorCreated> {
    return this.create(actor, { ...body, permissions: body.permissions ?? null, membershipType: null, isActive: true }, record);
  }

  /** The customers screen edits anyone but administrators (who are managed on the contributors screen). */
  updateCustomer(actor: Actor, id: string, body: CustomerWrite, record?: RecordAnswer<AdminUser>): Promise<AdminUser> {
    return this.update(actor, id, body, 'customers', record);
  }

  /** The contributors screen edits back-office accounts only. */
  updateContributor(actor: Actor, id: string, body: ContributorWrite, record?: RecordAnswer<AdminUser>): Promise<AdminUser> {
    return this.update(actor, id, body, 'contributors', record);
  }

  /**
   * Creates the account; a back-office account is then sent its welcome e-mail (whether it left is in
   * the answer). The key's answer recorded with the account says no e-mail yet; the answer sent after
   * it left replaces it, so a crash in between leaves an answer that is still true.
   */
  private async create(actor: Actor, fields: Required<PersonFields>, record?: RecordAnswer<ContributorCreated>): Promise<ContributorCreated> {
    const nowIso = this.o.clock().toISOString();
    const user = await transaction(this.o.knex, async (trx) => {
      await this.assertEmailFree(trx, fields.email, null);
      const created = await User.query(trx)
        .insertAndFetch({ id: crypto.randomUUID(), ...fields, lastSignInAt: null, createdAt: nowIso, updatedAt: nowIso })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw AppError.conflict(EMAIL_TAKEN_MESSAGE);
          throw error;
        });
      await recordAudit(
        trx,
        actor,
        {
          entity: 'user',
          entityId: created.id,
          action: 'create',
          before: null,
          after: audited(created),
          summary: `Created ${ROLE_NAMES[created.role]} “${created.name}”`,
        },
        nowIso,
      );
      await record?.(trx, { ...toAdminUser(created), welcomeEmailSent: false });
      return created;
    });
    const welcomeEmailSent = admits('staff', user.role) ? await this.sendWelcome(user) : false;
    return { ...toAdminUser(user), welcomeEmailSent };
  }

  private async update(actor: Actor, id: string, fields: PersonFields, screen: Screen, record?: RecordAnswer<AdminUser>): Promise<AdminUser> {
    const nowIso = this.o.clock().toISOString();
    const { before, after } = await transaction(this.o.knex, async (trx) => {
      const activeAdmins = await this.lockActiveAdmins(trx);
      const before = onScreen(await User.query(trx).findById(id), screen);
      const role = fields.role;
      const isActive = fields.isActive ?? before.isActive;
      if (before.id === actor.id && role !== before.role) throw AppError.conflict(SELF_ROLE_MESSAGE);
      if (before.id === actor.id && !isActive) throw AppError.conflict(SELF_DEACTIVATE_MESSAGE);
      const losesAdmin = before.role === 'admin' && before.isActive && (role !== 'admin' || !isActive);
      if (losesAdmin && activeAdmins.every((admin) => admin === before.id)) throw AppError.conflict(LAST_ADMIN_MESSAGE);
      if (fields.email !== before.email) await this.assertEmailFree(trx, fields.email, before.id);

      // Permissions belong to back-office accounts: someone leaving the back office loses them;
      // someone entering it without a choice (the customers screen) gets the role's default.
      const kept = admits('staff', before.role) ? before.permissions : null;
      const permissions = admits('staff', role) ? (fields.permissions === undefined ? kept : fields.permissions) : [];
      await User.query(trx)
        .patch({ ...fields, permissions, isActive, updatedAt: nowIso })
        .where('id', id)
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw AppError.conflict(EMAIL_TAKEN_MESSAGE);
          throw error;
        });
      const after = (await User.query(trx).findById(id))!;
      // What the account may do changed: its tokens stop working now, not when they expire.
      if (after.role !== before.role || !after.isActive || after.email !== before.email) await Session.query(trx).delete().where('user_id', id);
      await recordAudit(
        trx,
        actor,
        {
          entity: 'user',
          entityId: id,
          action: 'update',
          before: audited(before),
          after: audited(after),
          summary: `Updated ${ROLE_NAMES[after.role]} “${after.name}”`,
        },
        nowIso,
      );
      await record?.(trx, toAdminUser(after));
      return { before, after };
    });
    // Someone who gains back-office access is told how to sign in, as a new contributor is.
    if (admits('staff', after.role) && !admits('staff', before.role)) await this.sendWelcome(after);
    return toAdminUser(after);
  }

  /** Deletes the account (sessions and enrollments with it); its orders stay, detached, with the name and e-mail as bought. */
  async deletePerson(actor: Actor, id: string, screen: Screen, record?: RecordAnswer<void>): Promise<void> {
    const nowIso = this.o.clock().toISOString();
    await transaction(this.o.knex, async (trx) => {
      const activeAdmins = await this.lockActiveAdmins(trx);
      const user = onScreen(await User.query(trx).findById(id), screen);
      if (user.id === actor.id) throw AppError.conflict(SELF_DELETE_MESSAGE);
      if (user.role === 'admin' && user.isActive && activeAdmins.every((admin) => admin === user.id)) throw AppError.conflict(LAST_ADMIN_MESSAGE);
      await Order.query(trx).patch({ userId: null, accountDeletedAt: nowIso }).where('user_id', id);
      await Session.query(trx).delete().where('user_id', id);
      await trx('enrollments').where('user_id', id).delete();
      await User.query(trx).deleteById(id);
      await recordAudit(
        trx,
        actor,
        { entity: 'user', entityId: id, action: 'delete', before: audited(user), after: null, summary: `Deleted ${ROLE_NAMES[user.role]} “${user.name}”` },
        nowIso,
      );
      await record?.(trx, undefined);
    });
  }

  /**
   * The ids of the active admins, locked until the transaction ends on MySQL (SQLite runs one
   * writer at a time), so the last-admin rule holds when two admins are changed at once.
   */
  private async lockActiveAdmins(trx: Knex.Transaction): Promise<string[]> {
    return (await forUpdate(trx, User.query(trx).select('id').where('role', 'admin').where('is_active', true))).map((user) => user.id);
  }

  private async assertEmailFree(trx: Knex.Transaction, email: string, exceptId: string | null): Promise<void> {
    const taken = User.query(trx).select('id').whereRaw('lower(email) = ?', [email.toLowerCase()]);
    if (exceptId) taken.whereNot('id', exceptId);
    if (await taken.first()) throw AppError.conflict(EMAIL_TAKEN_MESSAGE);
  }

  private async sendWelcome(user: User): Promise<boolean> {
    try {
      await this.o.mailer.send(
        composeMail(user.email, 'Welcome to the back office', [
          `Hello ${user.name}, an administrator has given you ${user.role === 'admin' ? 'administrator' : 'course contributor'} access to the back office.`,
          `Sign in at ${this.o.adminLoginUrl} with this e-mail address: we will mail you a one-time code each time.`,
          'If you did not expect this, you can ignore this e-mail.',
        ]),
      );
      return true;
    } catch (error) {
      this.o.logger.error(`Welcome e-mail to ${user.email} failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}
