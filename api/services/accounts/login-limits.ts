/**
 * The limits on sign-in (issue 27 §3): they slow an attacker down and never lock the owner out.
 * Only a client's own requests can cost it more than a short wait:
 * - per client (`login-ip:`): LOGIN_LIMIT_PER_IP code requests an hour, twice as many verify tries (`verify-ip:`);
 * - per client and address (`login-pair:`): LOGIN_LIMIT_PER_EMAIL codes an hour;
 * - per address (`login-email:`): one new code per LOGIN_COOLDOWN_SECONDS whoever asks — a wait of
 *   at most that long for the owner, never an hour's ban. Checked first without counting, so
 *   retries during the wait cost nothing;
 * - per e-mail domain and in all (`login-domain:`, `login-all`): the hour's mail budgets. Once
 *   spent, a known account asked for from a quiet client (at most QUIET_CLIENT_REQUESTS requests
 *   this hour) is still served; other addresses wait for the window (no mail cannon at strangers);
 * - wrong codes per address (`verify-email:`): WRONG_CODES_PER_ADDRESS an hour. Past that, a wrong
 *   code kills its attempt at once (the owner asks for a fresh one), and tries without the attempt
 *   cookie wait: they can never spend the guesses of a code someone else holds.
 */
import type { Limits } from '../../config';
import { retryIn, retryInTime, tooManyRequests, type RateLimiter } from '../platform/rate-limiter';

const HOUR_MS = 60 * 60_000;
/** Requests a client may have made this hour and still be let past a spent domain or global budget. */
export const QUIET_CLIENT_REQUESTS = 5;
/** Wrong codes (and tries without the attempt cookie) per address per hour before each code gets one guess. */
export const WRONG_CODES_PER_ADDRESS = 10;

export interface LoginLimitsOptions {
  rateLimiter: RateLimiter;
  limits: Pick<Limits, 'loginPerIp' | 'loginPerEmail' | 'loginCooldownSeconds' | 'loginPerDomain' | 'loginGlobal'>;
}

export class LoginLimits {
  constructor(private readonly o: LoginLimitsOptions) {}

  /**
   * Admits one login-code mail to `email` asked for by `clientKey`, or throws a 429 saying when to
   * try again. `knownAccount` is asked only when a domain or global budget is spent.
   */
  async admitCodeRequest(email: string, clientKey: string, knownAccount: () => Promise<boolean>): Promise<void> {
    const { rateLimiter, limits } = this.o;
    await rateLimiter.hit(
      `login-ip:${clientKey}`,
      limits.loginPerIp,
      HOUR_MS,
      (m) => `Too many sign-in requests from your network. Please try again in ${retryIn(m)}.`,
    );
    const cooldownMs = limits.loginCooldownSeconds * 1000;
    const cooling = cooldownMs > 0 ? await rateLimiter.peek(`login-email:${email}`, 1, cooldownMs) : null;
    if (cooling && !cooling.admitted) throw this.coolingDown(cooling.retryAfterMs);
    await rateLimiter.hit(
      `login-pair:${clientKey}:${email}`,
      limits.loginPerEmail,
      HOUR_MS,
      (m) => `Too many codes requested for this email. Please try again in ${retryIn(m)}.`,
    );

    const domain = email.slice(email.lastIndexOf('@') + 1);
    const budgets = [
      {
        bucket: `login-domain:${domain}`,
        limit: limits.loginPerDomain,
        message: (m: number) => `Too many sign-in requests for ${domain} addresses. Please try again in ${retryIn(m)}.`,
      },
      { bucket: 'login-all', limit: limits.loginGlobal, message: (m: number) => `Sign-in is very busy right now. Please try again in ${retryIn(m)}.` },
    ];
    let mayPass: boolean | undefined;
    for (const { bucket, limit, message } of budgets) {
      const taken = await rateLimiter.take(bucket, limit, HOUR_MS);
      if (taken.admitted) continue;
      mayPass ??= (await rateLimiter.count(`login-ip:${clientKey}`, HOUR_MS)) <= QUIET_CLIENT_REQUESTS && (await knownAccount());
      if (!mayPass) throw tooManyRequests(taken.retryAfterMs, message);
    }

    // Last, so that only a request every other limit admitted starts the address's wait.
    if (cooldownMs > 0) {
      const started = await rateLimiter.take(`login-email:${email}`, 1, cooldownMs);
      if (!started.admitted) throw this.coolingDown(started.retryAfterMs);
    }
  }

  /** Every verify request, per client. */
  async admitVerify(clientKey: string): Promise<void> {
    const { rateLimiter, limits } = this.o;
    await rateLimiter.hit(
      `verify-ip:${clientKey}`,
      limits.loginPerIp * 2,
      HOUR_MS,
      (m) => `Too many sign-in attempts from your network. Please try again in ${retryIn(m)}.`,
    );
  }

  /** A try without the attempt cookie (by e-mail): counted against the address's budget before it is checked. */
  async admitTryByEmail(email: string): Promise<void> {
    await this.o.rateLimiter.hit(
      `verify-email:${email}`,
      WRONG_CODES_PER_ADDRESS,
      HOUR_MS,
      (m) => `Too many sign-in attempts for this email. Please try again in ${retryIn(m)}.`,
    );
  }

  /** Counts a wrong code for an attempt; false once the address's budget is spent (the attempt then dies). */
  async countWrongCode(email: string): Promise<boolean> {
    return (await this.o.rateLimiter.take(`verify-email:${email}`, WRONG_CODES_PER_ADDRESS, HOUR_MS)).admitted;
  }

  private coolingDown(retryAfterMs: number) {
    return tooManyRequests(retryAfterMs, () => `A sign-in code was sent to this email moments ago. Please try again in ${retryInTime(retryAfterMs)}.`);
  }
}
