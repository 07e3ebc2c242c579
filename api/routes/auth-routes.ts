import { loginRequestSchema, registerRequestSchema, verifyRequestSchema } from '@contracts/auth';
import type { ApiRouter, AppContext } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import { AppError } from '../errors';
import { CODE_TTL_MS } from '../services/accounts/auth-service';
import type { AccountServices } from '../services/accounts';

export const ATTEMPT_COOKIE = 'login_attempt';

export function authRoutes(api: ApiRouter, { auth, accounts, profile }: AccountServices, options: { secureCookies: boolean; publicUrl: string }): void {
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/api/auth', secure: options.secureCookies, overwrite: true };
  /**
   * The Secure flag follows the configuration (an https PUBLIC_URL), not the hop that reached us:
   * TLS usually ends at a proxy, and the cookie must still be Secure there.
   */
  const setAttemptCookie = (ctx: AppContext, value: string | null, maxAge?: number) => {
    if (options.secureCookies) ctx.cookies.secure = true;
    ctx.cookies.set(ATTEMPT_COOKIE, value, maxAge === undefined ? cookieOptions : { ...cookieOptions, maxAge });
  };

  api.post('/api/auth/login', 'public', async (ctx) => {
    const { email, isAdmin } = parseBody(loginRequestSchema, requestBody(ctx));
    const attempt = await auth.requestCode(email, isAdmin, ctx.state.clientKey);
    setAttemptCookie(ctx, attempt.attemptId, CODE_TTL_MS);
    ctx.body = { message: 'Check your email for the 6-digit login code' };
    await attempt.deliver();
  });

  api.post('/api/auth/verify', 'public', async (ctx) => {
    const { token, email } = parseBody(verifyRequestSchema, requestBody(ctx));
    const attemptId = ctx.cookies.get(ATTEMPT_COOKIE) || undefined;
    const result = await auth.verifyCode({ code: token, attemptId, email, clientKey: ctx.state.clientKey });
    setAttemptCookie(ctx, null);
    ctx.body = { token: result.token, role: result.role, message: result.message };
  });

  api.post('/api/auth/register', 'public', async (ctx) => {
    const { name, email } = parseBody(registerRequestSchema, requestBody(ctx));
    const registration = await accounts.register(name, email, ctx.state.clientKey, `${options.publicUrl}/login`);
    // The same answer whether or not the address already had an account.
    ctx.status = 201;
    ctx.body = { message: 'Account created successfully', user: { name, email, role: 'customer' } };
    await registration.deliver();
  });

  api.get('/api/auth/me', 'signed_in', async (ctx) => {
    const { sessionId: _session, isActive: _active, ...user } = ctx.state.user!;
    ctx.body = user;
  });

  api.post('/api/auth/logout', 'signed_in', async (ctx) => {
    await auth.logout(ctx.state.user!.sessionId);
    ctx.body = { message: 'Logged out' };
  });

  api.get('/api/profile', 'customer', async (ctx) => {
    if (!ctx.state.user) throw new AppError('unauthorized', 'Please sign in to continue.');
    ctx.body = await profile.getProfile(ctx.state.user.id);
  });
}
