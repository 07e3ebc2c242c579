/** Builds the Koa application (no listen): middleware, the /api routes and the built PWA. */
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Knex } from 'knex';
import { ApiRouter, authenticate, type AppState } from './middleware/access';
import { errorHandler } from './middleware/errors';
import { staticFiles } from './middleware/static-files';
import { authRoutes } from './routes/auth-routes';
import { catalogueRoutes } from './routes/catalogue-routes';
import { checkoutRoutes, STRIPE_WEBHOOK_PATH } from './routes/checkout-routes';
import type { StripeConfig } from './config';
import { createServices, type Services } from './services';
import type { Clock } from './services/rate-limiter';
import type { Mailer } from './integrations/mail';
import { createLogger, type Logger } from './logger';

export interface AppOptions {
  knex: Knex;
  mailer: Mailer;
  authSecret: string;
  logger?: Logger;
  clock?: Clock;
  /** Login-code requests allowed per IP per hour. */
  loginLimitPerIp?: number;
  /** Set the Secure flag on cookies (when served over https). */
  secureCookies?: boolean;
  /** Folder of the built PWA; omit to serve the API only. */
  staticRoot?: string;
  publicUrl?: string;
  /** Stripe settings; absent: the built-in test processor. */
  stripe?: StripeConfig;
}

export interface App extends Koa<AppState> {
  services: Services;
  apiRouter: ApiRouter;
}

export function createApp(options: AppOptions): App {
  const { knex, logger = createLogger('silent'), clock = () => new Date(), staticRoot } = options;
  const app = new Koa<AppState>() as App;
  app.proxy = true;
  const services = createServices({
    knex,
    mailer: options.mailer,
    authSecret: options.authSecret,
    clock,
    logger,
    loginLimitPerIp: options.loginLimitPerIp ?? 30,
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    stripe: options.stripe,
  });

  app.use(errorHandler(logger));
  app.use(async (ctx, next) => {
    const started = Date.now();
    await next();
    if (ctx.path.startsWith('/api/')) logger.debug(`${ctx.method} ${ctx.url} ${ctx.status} ${Date.now() - started}ms`);
  });
  app.use(async (ctx, next) => {
    // API answers are personal or live: never stored by shared caches.
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    await next();
  });
  const jsonBody = koaBody({ jsonLimit: '1mb', text: false, urlencoded: false, multipart: false, onError: (_error, ctx) => ctx.throw(400, 'The request body is not valid JSON') });
  app.use(async (ctx, next) => {
    // Stripe signs the exact bytes it sent: keep the webhook's body raw.
    if (ctx.path === STRIPE_WEBHOOK_PATH && ctx.method === 'POST') {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of ctx.req) {
        size += (chunk as Buffer).length;
        if (size > 1024 * 1024) ctx.throw(413, 'Webhook body too large');
        chunks.push(chunk as Buffer);
      }
      (ctx.state as { rawBody?: Buffer }).rawBody = Buffer.concat(chunks);
      return next();
    }
    return (jsonBody as unknown as Koa.Middleware<AppState>)(ctx, next);
  });
  app.use(authenticate(services.auth));

  const apiRouter = new ApiRouter(new Router<AppState>());
  catalogueRoutes(apiRouter, services);
  authRoutes(apiRouter, services, { secureCookies: options.secureCookies ?? false });
  checkoutRoutes(apiRouter, services);
  app.use(apiRouter.router.routes());
  app.use(apiRouter.router.allowedMethods());

  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { message: `No API route for ${ctx.method} ${ctx.path}` };
      }
      return;
    }
    await next();
  });
  if (staticRoot) app.use(staticFiles(staticRoot));
  app.services = services;
  app.apiRouter = apiRouter;
  return app;
}
