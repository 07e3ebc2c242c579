/**
 * Passwordless sign-in. A login request mails a 6-digit code, stored only as an HMAC with the
 * server secret and bound to this attempt (an id held in an httpOnly cookie); it lives 10
 * minutes, is single use and dies after 5 wrong tries (1 once its address has seen many). A new
 * code for the same e-mail leaves the earlier ones valid — someone else asking must not spoil
 * the code the owner holds — and a sign-in retires them all. The limits are `login-limits.ts`.
 * Verification opens a session whose 256-bit token is stored only as a hash.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { LoginCode, Session, User } from '@db/models';
import { admits, permissionsOf } from '@contracts/access';
import type { Limits } from '../../config';
import type { CurrentUser, VerifyResponse } from '@contracts/auth';
import { AppError } from '../../errors';
import { composeMail, type Mailer } from '../../integrations/mail';
import { hmacHex, randomSixDigitCode, randomToken, safeEqualHex, sha256Hex } from '../../lib/crypto';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../platform/rate-limiter';
import { LoginLimits } from './login-limits';
import { nameFromEmail } from '../../lib/names';
import type { AccountService } from './account-service';
import { attachGuestOrders } from '../enrollments/enrollments';
import { acceptInvitations } from '../orgs/acceptance';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
export const INVALID_CODE_MESSAGE = 'Invalid or expired code. Please request a new code.';
export const WRONG_CODE_MESSAGE = 'Invalid code. Please check the code and try again.';
export const INACTIVE_MESSAGE = 'This account has been deactivated. Please contact support.';

export interface AuthServiceOptions {
  knex: Knex;
  secret: string;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: Clock;
  limits: Pick<Limits, 'loginPerIp' | 'loginPerEmail' | 'loginCooldownSeconds' | 'loginPerDomain' | 'loginGlobal'>;
  /** Creates the customer account on a first sign-in. */
  accounts: Pick<AccountService, 'createCustomer'>;
}

export interface LoginResult {
  /** Goes into the httpOnly attempt cookie. */
  attemptId: string;
  /** Sends the mail. Called last, once the answer (cookie included) is ready, so a request that fails sends nothing. */
  deliver(): Promise<void>;
}

export interface AuthenticatedUser extends CurrentUser {
  isActive: boolean;
  sessionId: string;
}

export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    membershipType: user.membershipType,
    createdAt: user.createdAt,
    permissions: permissionsOf(user.role, user.permissions),
  };
}

export class AuthService {
  private readonly limits: LoginLimits;

  constructor(private readonly o: AuthServiceOptions) {
    this.limits = new LoginLimits({ rateLimiter: o.rateLimiter, limits: o.limits });
  }

  private hash(value: string): string {
    return hmacHex(this.o.secret, value);
  }

  async requestCode(email: string, isAdmin: boolean, clientKey: string): Promise<LoginResult> {
    const { knex, clock } = this.o;
    const user = await User.query(knex).findOne({ email });
    await this.limits.admitCodeRequest(email, clientKey, async () => !!user?.isActive);

    // The admin variant only mails a usable code to back-office accounts; every other address
    // gets the same answer and a stored (unusable) attempt, so nothing reveals which is which.
    const grantsAccess = !isAdmin || (!!user && admits('staff', user.role));
    const now = clock();
    const attemptId = randomToken(24);
    const rowId = crypto.randomUUID();
    const code = randomSixDigitCode();
    const codeHash = grantsAccess ? this.hash(`code:${rowId}:${code}`) : this.hash(`unusable:${randomToken(32)}`);

    // Earlier codes for this address stay valid: the owner may hold one of them.
    await LoginCode.query(knex).insert({
      id: rowId,
      email,
      attemptHash: this.hash(`attempt:${attemptId}`),
      codeHash,
      purpose: isAdmin ? 'admin' : 'customer',
      failedAttempts: 0,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      consumedAt: null,
      createdAt: now.toISOString(),
    });

    const message = grantsAccess
      ? composeMail(
          email,
          'Your sign-in code',
          [
            `Use this code to sign in${isAdmin ? ' to the back office' : ''}. It expires in 10 minutes and works once.`,
            'If you did not ask to sign in, you can ignore this e-mail.',
          ],
          code,
        )
      : composeMail(email, 'Back-office sign-in request', [
          'Someone asked to sign in to the back office with this e-mail address, but this address has no back-office access, so no code was issued.',
          'To shop for courses, sign in from the customer login page instead. If this was not you, you can ignore this e-mail.',
        ]);
    return { attemptId, deliver: () => this.o.mailer.send(message) };
  }

  /**
   * Checks a code, by the attempt cookie when there is one, otherwise by e-mail (clients without
   * cookies: the address's newest code; such tries count against the address's budget and never
   * against a code's own tries, which belong to whoever holds its attempt), and opens a session.
   */
  async verifyCode(input: { code: string; attemptId?: string; email?: string; clientKey: string }): Promise<VerifyResponse & { user: CurrentUser }> {
    const { knex, clock } = this.o;
    await this.limits.admitVerify(input.clientKey);
    const now = clock();
    const nowIso = now.toISOString();
    let query = LoginCode.query(knex).whereNull('consumed_at').where('expires_at', '>', nowIso).where('failed_attempts', '<', MAX_CODE_ATTEMPTS);
    if (input.attemptId) query = query.where('attempt_hash', this.hash(`attempt:${input.attemptId}`));
    else if (input.email) {
      await this.limits.admitTryByEmail(input.email);
      query = query.where('email', input.email).orderBy('created_at', 'desc');
    } else throw AppError.badRequest('Your sign-in attempt has expired. Please request a new code.');
    if (input.attemptId && input.email) query = query.where('email', input.email);
    const row = await query.limit(1).first();
    if (!row) throw AppError.badRequest(INVALID_CODE_MESSAGE);

    if (input.attemptId) {
      // A try through the attempt takes one of its tries before the code is compared (a conditional
      // UPDATE), so concurrent guesses cannot outnumber them.
      const claimed = await LoginCode.query(knex)
        .patch({ failedAttempts: raw('failed_attempts + ?', [1]) })
        .where('id', row.id)
        .whereNull('consumed_at')
        .where('failed_attempts', '<', MAX_CODE_ATTEMPTS);
      if (claimed !== 1) throw AppError.badRequest(INVALID_CODE_MESSAGE);
    }
    if (!safeEqualHex(row.codeHash, this.hash(`code:${row.id}:${input.code}`))) {
      if (!input.attemptId) throw AppError.badRequest(WRONG_CODE_MESSAGE);
      // Past the address's budget of wrong codes, this one is the attempt's last.
      if (await this.limits.countWrongCode(row.email)) throw AppError.badRequest(WRONG_CODE_MESSAGE);
      await LoginCode.query(knex).patch({ failedAttempts: MAX_CODE_ATTEMPTS }).where('id', row.id);
      throw AppError.badRequest(INVALID_CODE_MESSAGE);
    }
    // Single use, also under concurrency: only one request can flip consumed_at. (Through the
    // attempt this try is already counted: the fifth may be the right one.)
    const consumed = await LoginCode.query(knex)
      .patch({ consumedAt: nowIso })
      .where('id', row.id)
      .whereNull('consumed_at')
      .where('failed_attempts', input.attemptId ? '<=' : '<', MAX_CODE_ATTEMPTS);
    if (consumed !== 1) throw AppError.badRequest(INVALID_CODE_MESSAGE);
    // Signed in: the address's other outstanding codes (anyone else's attempts included) are retired.
    await LoginCode.query(knex).patch({ consumedAt: nowIso }).where('email', row.email).whereNull('consumed_at');

    let user = await User.query(knex).findOne({ email: row.email });
    if (!user) {
      if (row.purpose === 'admin') throw AppError.badRequest(INVALID_CODE_MESSAGE);
      user = await this.o.accounts.createCustomer(row.email, nameFromEmail(row.email));
    }
    if (!user.isActive) throw new AppError('forbidden', INACTIVE_MESSAGE);
    if (row.purpose === 'admin' && !admits('staff', user.role)) throw AppError.badRequest(INVALID_CODE_MESSAGE);

    const token = randomToken(32);
    await Session.query(knex).insert({
      id: crypto.randomUUID(),
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      createdAt: nowIso,
    });
    // The contributors page's "Active This Month" counts from this.
    await User.query(knex).patch({ lastSignInAt: nowIso }).where('id', user.id);
    await this.attachGuestOrders(user.id, user.email);
    // Signing in with an invited address accepts the invitation (and its assigned seats).
    await acceptInvitations(this.o.knex, user.id, user.email, now);
    return { token, role: user.role, message: 'Login successful!', user: toCurrentUser(user) };
  }

  /** The user behind a bearer token, or null when the token is unknown, expired or revoked. */
  async authenticate(token: string): Promise<AuthenticatedUser | null> {
    if (!token || token.length > 200) return null;
    const user = await User.query(this.o.knex)
      .join('sessions', 'sessions.user_id', 'users.id')
      .where('sessions.token_hash', sha256Hex(token))
      .where('sessions.expires_at', '>', this.o.clock().toISOString())
      .select('users.*', 'sessions.id as session_id')
      .first()
      .castTo<(User & { sessionId: string }) | undefined>();
    if (!user) return null;
    return { sessionId: user.sessionId, ...toCurrentUser(user), isActive: user.isActive };
  }

  async logout(sessionId: string): Promise<void> {
    await Session.query(this.o.knex).deleteById(sessionId);
  }

  /** Signing in proves the address: its guest orders (courses, memberships) become the account's (`services/enrollments.ts`). */
  private async attachGuestOrders(userId: string, email: string): Promise<void> {
    await attachGuestOrders(this.o.knex, userId, email, this.o.clock().toISOString());
  }
}
