import { loginRequestSchema, registerRequestSchema, verifyRequestSchema } from '../contracts/auth';
import type { ApiRouter } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import { AppError } from '../errors';
import { CODE_TTL_MS } from '../services/auth-service';
import type { Services } from '../services';

export const ATTEMPT_COOKIE = 'login_attempt';

export function authRoutes(api: ApiRouter, { auth, profile }: Services, options: { secureCookies: boolean }): void {
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/api/auth', secure: options.secureCookies, overwrite: true };

  api.post('/api/auth/login', 'public', async (ctx) => {
    const { email, isAdmin } = parseBody(loginRequestSchema, requestBody(ctx));
    const { attemptId } = await auth.requestCode(email, isAdmin, ctx.ip);
    ctx.cookies.set(ATTEMPT_COOKIE, attemptId, { ...cookieOptions, maxAge: CODE_TTL_MS });
    ctx.body = { message: 'Check your email for the 6-digit login code' };
  });

  api.post('/api/auth/verify', 'public', async (ctx) => {
    const { token, email } = parseBody(verifyRequestSchema, requestBody(ctx));
    const attemptId = ctx.cookies.get(ATTEMPT_COOKIE) || undefined;
    const result = await auth.verifyCode({ code: token, attemptId, email, ip: ctx.ip });
    ctx.cookies.set(ATTEMPT_COOKIE, null, cookieOptions);
    ctx.body = { token: result.token, role: result.role, message: result.message };
  });

  api.post('/api/auth/register', 'public', async (ctx) => {
    const { name, email } = parseBody(registerRequestSchema, requestBody(ctx));
    const user = await auth.register(name, email);
    ctx.status = 201;
    ctx.body = { message: 'Account created successfully', user };
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
