/** Builds the Koa application (no listen): middleware, the /api routes and the built PWA. */
import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Knex } from 'knex';
import { ApiRouter, authenticate, type AppState } from './middleware/access';
import { errorHandler } from './middleware/errors';
import { staticFiles } from './middleware/static-files';
import { createLocalMediaStore, type MediaStore } from './integrations/media-store';
import { createLocalObjectStore, type ObjectStore } from './integrations/object-store';
import { DEFAULT_LIMITS, DEFAULT_SUPPORT_EMAIL, type CatalogueCacheConfig, type Limits, type StripeConfig } from './config';
import webpush from 'web-push';
import { clientAddress, rateLimitKey } from './lib/client-address';
import { securityHeaders } from './middleware/security-headers';
import { assertJsonDepth } from './middleware/json-depth';
import { requestBody } from './middleware/validate';
import { createServices, registerRoutes, UNPARSED_BODIES, type Services } from './domains';
import type { IssuerIdentity, PushDependencies } from './services/dependencies';
import type { PdfSigning } from './services/certificates/pdf-signing';
import type { Clock } from './lib/clock';
import type { Mailer } from './integrations/mail';
import type { ZoomClientOptions } from './integrations/zoom';
import { createLogger, type Logger } from './logger';
import { readLimitedBody } from './lib/limited-body';

export interface AppOptions {
  knex: Knex;
  mailer: Mailer;
  authSecret: string;
  logger?: Logger;
  clock?: Clock;
  /** Where contact-form messages are mailed. */
  supportEmail?: string;
  /** Cached catalogue answers (default: the version trusted for 1 s, this process's writes at once; 96 MB). */
  catalogueCache?: Partial<CatalogueCacheConfig>;
  /** Abuse limits; anything not given takes its default. */
  limits?: Partial<Limits>;
  /** Reverse proxies in front of the app whose X-Forwarded-For / -Proto are believed (0: none). */
  trustProxy?: number;
  /** Set the Secure flag on cookies: the public address is https (TLS may end at a proxy). */
  secureCookies?: boolean;
  /** Folder of the built PWA; omit to serve the API only. */
  staticRoot?: string;
  publicUrl?: string;
  /** Stripe settings; absent: the built-in test processor. */
  stripe?: StripeConfig;
  /** Where uploaded images live (default: the folder data/uploads). */
  objectStore?: ObjectStore;
  /** Where lesson media live (default: the folder data/uploads/media). */
  mediaStore?: MediaStore;
  /** The origin browsers PUT uploads to when it is not this server (S3): allowed by the CSP. */
  uploadOrigin?: string;
  /** Web push: VAPID keys (default: a pair made for this app only), test origins, the sender. */
  push?: Partial<PushDependencies>;
  /** Zoom's server-to-server OAuth app (ZOOM_*); absent: meetings by link only. */
  zoom?: ZoomClientOptions;
  /** Who signs certificate credentials: did:web of `didDomain` (default: publicUrl's host), key from `seed` (default: one made for this app only). */
  issuer?: Partial<IssuerIdentity>;
  /** Sign certificate PDFs with this PKCS#12 (CERT_SIGNING_P12); absent: unsigned. */
  certificateSigning?: PdfSigning;
}

const JSON_LIMIT = '1mb';

export interface App extends Koa<AppState> {
  services: Services;
  apiRouter: ApiRouter;
}

export function createApp(options: AppOptions): App {
  const { knex, logger = createLogger('silent'), clock = () => new Date(), staticRoot } = options;
  const app = new Koa<AppState>() as App;
  const trustProxy = options.trustProxy ?? 0;
  // Koa reads X-Forwarded-Proto/Host only behind trusted proxies; the client address is ours below.
  app.proxy = trustProxy > 0;
  app.maxIpsCount = trustProxy;
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const services = createServices({
    knex,
    mailer: options.mailer,
    authSecret: options.authSecret,
    clock,
    logger,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    publicUrl,
    supportEmail: options.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    stripe: options.stripe,
    catalogueCache: options.catalogueCache,
    objectStore: options.objectStore ?? createLocalObjectStore('data/uploads'),
    mediaStore: options.mediaStore ?? createLocalMediaStore('data/uploads/media'),
    push: {
      vapid: options.push?.vapid ?? { ...webpush.generateVAPIDKeys(), subject: `mailto:${options.supportEmail ?? DEFAULT_SUPPORT_EMAIL}` },
      testOrigins: options.push?.testOrigins ?? [],
      sender: options.push?.sender,
    },
    zoom: options.zoom,
    issuer: {
      didDomain: options.issuer?.didDomain ?? new URL(publicUrl).host,
      seed: options.issuer?.seed ?? new Uint8Array(crypto.randomBytes(32)),
    },
    certificateSigning: options.certificateSigning,
  });

  // Errors Koa reports outside the middleware chain: a client that went away while a file was
  // streaming is normal (no noise); anything else is logged.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'EPIPE') return;
    logger.error('Unhandled server error', { error: error.stack ?? String(error) });
  });
  app.use(errorHandler(logger));
  // Text answers of 1 KB or more go out compressed (brotli or gzip, as the client accepts);
  // cached catalogue answers and the build's assets arrive already compressed and skip this.
  app.use(
    compress({
      threshold: 1024,
      br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      gzip: { level: 6 },
      deflate: false,
    }),
  );
  app.use(async (ctx, next) => {
    const started = Date.now();
    await next();
    // The path only: a query string may carry a secret (the guest receipt's client_secret).
    if (ctx.path.startsWith('/api/')) logger.debug(`${ctx.method} ${ctx.path} ${ctx.status} ${Date.now() - started}ms`);
  });
  app.use(securityHeaders({ publicUrl, stripe: !!options.stripe, uploadOrigin: options.uploadOrigin }));
  app.use(async (ctx, next) => {
    // API answers are personal or live: never stored by shared caches.
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    const address = clientAddress(ctx.req.socket.remoteAddress, ctx.get('X-Forwarded-For') || undefined, trustProxy);
    ctx.state.clientAddress = address;
    ctx.state.clientKey = rateLimitKey(address);
    await next();
  });
  const jsonBody = koaBody({
    jsonLimit: JSON_LIMIT,
    text: false,
    urlencoded: false,
    multipart: false,
    onError: (error, ctx) => {
      if ((error as { status?: number }).status === 413) ctx.throw(413, `The request body is larger than the ${JSON_LIMIT.toUpperCase()} limit`);
      ctx.throw(400, 'The request body is not valid JSON');
    },
  });
  app.use(async (ctx, next) => {
    // A domain's request whose body is not JSON: a signed webhook keeps its exact bytes, an upload's
    // stream is left to its route.
    const unparsed = UNPARSED_BODIES.find((u) => u.method === ctx.method && (typeof u.path === 'string' ? u.path === ctx.path : u.path.test(ctx.path)));
    if (unparsed?.keep === 'stream') return next();
    if (unparsed?.keep === 'raw') {
      (ctx.state as { rawBody?: Buffer }).rawBody = await readLimitedBody(
        ctx.req,
        1024 * 1024,
        `The request body is larger than the ${JSON_LIMIT.toUpperCase()} limit`,
      );
      return next();
    }
    // A parsed body nested deeper than any request of ours is a 400 before anything walks it.
    return (jsonBody as unknown as Koa.Middleware<AppState>)(ctx, () => {
      assertJsonDepth(requestBody(ctx));
      return next();
    });
  });
  app.use(authenticate(services.auth));

  // Every HTTP method counts as known, so one a path does not serve is 405 with its `Allow`, not 501.
  const apiRouter = new ApiRouter(new Router<AppState>({ methods: http.METHODS }));
  registerRoutes(apiRouter, services, { secureCookies: options.secureCookies ?? publicUrl.startsWith('https://'), publicUrl });
  app.use(apiRouter.router.routes());
  app.use(apiRouter.router.allowedMethods());

  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        // A route of the path serves other methods: allowedMethods makes this a 405 with `Allow`.
        const pathServed = ((ctx as { matched?: Array<{ methods: string[] }> }).matched ?? []).some((layer) => layer.methods.length > 0);
        ctx.body = { message: pathServed ? `${ctx.method} is not allowed on ${ctx.path}` : `No API route for ${ctx.method} ${ctx.path}` };
      }
      return;
    }
    await next();
  });
  if (staticRoot) {
    // The PWA's files are read only: any other method is 405 (OPTIONS says what is allowed).
    app.use(async (ctx, next) => {
      if (ctx.method === 'GET' || ctx.method === 'HEAD') return next();
      ctx.set('Allow', 'GET, HEAD');
      ctx.status = ctx.method === 'OPTIONS' ? 204 : 405;
    });
    app.use(staticFiles(staticRoot));
  }
  app.services = services;
  app.apiRouter = apiRouter;
  return app;
}
