/**
 * Accounts: a customer created on first sign-in or by registering, activation (deactivating
 * revokes every session at once), and the ADMIN_EMAIL admin. Registration answers the same whether
 * or not the address already has an account; the e-mail tells its owner which case it was.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import { Session, User } from '@db/models';
import { isUniqueViolation } from '@db/errors';
import { transaction } from '@db/transaction';
import type { Limits } from '../../config';
import { AppError } from '../../errors';
import { composeMail, type Mailer } from '../../integrations/mail';
import type { Clock } from '../../lib/clock';
import { nameFromEmail } from '../../lib/names';
import { retryIn, type RateLimiter } from '../platform/rate-limiter';

const HOUR_MS = 60 * 60_000;

export interface AccountServiceOptions {
  knex: Knex;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: Clock;
  limits: Pick<Limits, 'registerPerIp' | 'loginPerEmail'>;
}

export class AccountService {
  constructor(private readonly o: AccountServiceOptions) {}

  /** Creates an active customer; an e-mail that exists is a 409 (also when two requests race). */
  async createCustomer(email: string, name: string): Promise<User> {
    const now = this.o.clock().toISOString();
    try {
      return await User.query(this.o.knex).insertAndFetch({
        id: crypto.randomUUID(),
        name,
        email,
        role: 'customer',
        membershipType: null,
        isActive: true,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (error instanceof UniqueViolationError || isUniqueViolation(error))
        throw AppError.conflict('An account with this email already exists. Please sign in instead.');
      throw error;
    }
  }

  /**
   * Registration answers the same whether or not the address has an account, so it cannot be
   * used to find out who is a customer; the e-mail tells the owner which case it was. Limited
   * per client and per address (each registration sends a mail).
   */
  async register(name: string, email: string, clientKey: string, loginUrl: string): Promise<{ deliver(): Promise<void> }> {
    const { rateLimiter, limits } = this.o;
    await rateLimiter.hit(
      `register-ip:${clientKey}`,
      limits.registerPerIp,
      HOUR_MS,
      (m) => `Too many accounts created from your network. Please try again in ${retryIn(m)}.`,
    );
    await rateLimiter.hit(
      `register-email:${email}`,
      limits.loginPerEmail,
      HOUR_MS,
      (m) => `Too many requests for this email. Please try again in ${retryIn(m)}.`,
    );
    let created = true;
    try {
      await this.createCustomer(email, name);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'conflict')) throw error;
      created = false;
    }
    const message = created
      ? composeMail(email, 'Welcome to LifeScience Academy', [
          `Your account is ready, ${name}.`,
          `Sign in with this e-mail address at ${loginUrl}: we will mail you a one-time code each time.`,
        ])
      : composeMail(email, 'You already have an account', [
          'Someone (probably you) tried to create an account with this e-mail address, but it already has one, so nothing was changed.',
          `Sign in at ${loginUrl} with this address. If this was not you, you can ignore this e-mail.`,
        ]);
    return { deliver: () => this.o.mailer.send(message) };
  }

  /**
   * Deactivates or reactivates an account. Deactivation revokes every session in the same
   * transaction, so the account's tokens stop working at once, everywhere.
   */
  async setActive(userId: string, active: boolean): Promise<void> {
    const { knex, clock } = this.o;
    await transaction(knex, async (trx) => {
      const changed = await User.query(trx).patch({ isActive: active, updatedAt: clock().toISOString() }).where('id', userId);
      if (changed !== 1) throw AppError.notFound('Account not found');
      if (!active) await Session.query(trx).delete().where('user_id', userId);
    });
  }

  /** ADMIN_EMAIL: make sure an active admin with that e-mail exists. */
  async ensureAdmin(email: string): Promise<void> {
    const { knex, clock } = this.o;
    const now = clock().toISOString();
    const existing = await User.query(knex).findOne({ email });
    if (existing) {
      if (existing.role !== 'admin' || !existing.isActive)
        await User.query(knex).patch({ role: 'admin', isActive: true, updatedAt: now }).where('id', existing.id);
      return;
    }
    await User.query(knex).insert({
      id: crypto.randomUUID(),
      name: nameFromEmail(email),
      email,
      role: 'admin',
      membershipType: null,
      isActive: true,
      createdAt: now,
      updatedAt: now,
    });
  }
}
