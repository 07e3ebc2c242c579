/** Builds the Koa application (no listen): middleware, the /api routes and the built PWA. */
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Knex } from 'knex';
import { errorHandler } from './middleware/errors';
import { staticFiles } from './middleware/static-files';
import { catalogueRoutes } from './routes/catalogue-routes';
import { createServices } from './services';
import type { Logger } from './logger';
import { createLogger } from './logger';

export interface AppOptions {
  knex: Knex;
  logger?: Logger;
  /** Folder of the built PWA; omit to serve the API only. */
  staticRoot?: string;
}

export function createApp({ knex, logger = createLogger('silent'), staticRoot }: AppOptions): Koa {
  const app = new Koa();
  app.proxy = true;
  const services = createServices(knex);

  app.use(errorHandler(logger));
  app.use(async (ctx, next) => {
    const started = Date.now();
    await next();
    if (ctx.path.startsWith('/api/')) logger.debug(`${ctx.method} ${ctx.url} ${ctx.status} ${Date.now() - started}ms`);
  });
  app.use(koaBody({ jsonLimit: '1mb', text: false, urlencoded: false, multipart: false }));

  const router = new Router();
  catalogueRoutes(router, services);
  app.use(router.routes());
  app.use(router.allowedMethods());

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
  return app;
}
