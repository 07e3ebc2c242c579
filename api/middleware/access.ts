/**
 * Who may call what. Every API route is declared with one access rule; one middleware enforces
 * it: 401 `{ message }` when a signed-in user is needed and there is none, 403 when the role is
 * wrong or a contributor lacks the permission the rule names. The bearer token is resolved once
 * per request into `ctx.state.user` (with the permissions as the account has them now).
 */
import type { Middleware } from 'koa';
import type { Router, RouterContext } from '@koa/router';
import { ACCESS_RULES, allows, type Permission, type Role } from '@contracts/access';
import { AppError } from '../errors';
import { INACTIVE_MESSAGE, type AuthenticatedUser, type AuthService } from '../services/accounts/auth-service';

/** A role rule, or a permission: admins and the contributors who hold it (contracts/access.ts). */
export type AccessRule = 'public' | 'signed_in' | 'customer' | 'staff' | 'admin' | Permission;

/** Which roles each role rule admits (`public` admits anyone, signed in or not): contracts/access.ts. */
export const RULE_ROLES: Record<Exclude<AccessRule, 'public' | Permission>, readonly Role[]> = ACCESS_RULES;

export interface AppState {
  user: AuthenticatedUser | null;
  /** The client's normalised address (see lib/client-address). */
  clientAddress: string;
  /** What per-client rate limits count under: the IPv4 address or the IPv6 /64. */
  clientKey: string;
}

export type AppContext = RouterContext<AppState>;

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Resolves the bearer token (if any) into ctx.state.user. An invalid token counts as signed out;
 * a deactivated account's token is refused on every route, public ones included, so it can
 * neither read nor buy anything.
 */
export function authenticate(auth: AuthService): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.user = null;
    const token = bearerToken(ctx.get('Authorization'));
    if (token) ctx.state.user = await auth.authenticate(token);
    if (ctx.state.user && !ctx.state.user.isActive) throw new AppError('forbidden', INACTIVE_MESSAGE);
    await next();
  };
}

/** 401 without a user, 403 when the user's role is not admitted by `rule`. */
export function assertAccess(user: AuthenticatedUser | null, rule: AccessRule): void {
  if (rule === 'public') return;
  if (!user) throw new AppError('unauthorized', 'Please sign in to continue.');
  if (!user.isActive) throw new AppError('forbidden', INACTIVE_MESSAGE);
  if (!allows(rule, user)) throw new AppError('forbidden', 'You do not have permission to do this.');
}

export function requireAccess(rule: AccessRule): Middleware<AppState> {
  return async (ctx, next) => {
    assertAccess(ctx.state.user, rule);
    await next();
  };
}

export interface RouteDeclaration {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: AccessRule;
}

type Handler = (ctx: AppContext) => Promise<void> | void;

/**
 * The API router: routes can only be added with an access rule, and the declarations are kept
 * so tests can check every route against the role matrix.
 */
export class ApiRouter {
  readonly declarations: RouteDeclaration[] = [];
  constructor(readonly router: Router<AppState>) {}

  private add(method: RouteDeclaration['method'], path: string, access: AccessRule, handler: Handler) {
    this.declarations.push({ method, path, access });
    const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    (this.router[verb] as (path: string, ...middleware: Middleware[]) => unknown)(path, requireAccess(access) as Middleware, handler as unknown as Middleware);
  }

  get(path: string, access: AccessRule, handler: Handler) {
    this.add('GET', path, access, handler);
  }
  post(path: string, access: AccessRule, handler: Handler) {
    this.add('POST', path, access, handler);
  }
  put(path: string, access: AccessRule, handler: Handler) {
    this.add('PUT', path, access, handler);
  }
  patch(path: string, access: AccessRule, handler: Handler) {
    this.add('PATCH', path, access, handler);
  }
  delete(path: string, access: AccessRule, handler: Handler) {
    this.add('DELETE', path, access, handler);
  }
}
