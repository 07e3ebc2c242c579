/**
 * Browser-side defences on every response (API and PWA), written by Helmet 8:
 *
 * - Content-Security-Policy: only the app's own scripts run (no inline script, no eval, no
 *   inline event handlers); nothing may frame the app; plugins, <base> and foreign form targets
 *   are refused. Stripe's script, frame and API origins are allowed only while Stripe is the
 *   payment processor (the built-in test processor needs nothing from another origin).
 * - Strict-Transport-Security for a year, subdomains included, only when the public address is
 *   https (on plain http the header would be ignored at best, and would pin a developer's
 *   localhost to https at worst).
 * - X-Frame-Options DENY (older browsers), Cross-Origin-Opener-Policy same-origin,
 *   Cross-Origin-Resource-Policy same-origin, a Permissions-Policy that turns off device and
 *   payment APIs the app does not use (the camera only for its own pages: the check-in scanner),
 *   nosniff and Referrer-Policy same-origin.
 * - No Cross-Origin-Embedder-Policy: require-corp would block Stripe's frames and any image
 *   served without CORP headers, for no gain (the app needs no cross-origin isolation).
 *
 * The build's hashed files under `/assets/` that are not a worker's script (modules, styles,
 * images, fonts) are never documents: a policy for a document (CSP, frame, opener, permissions)
 * means nothing on them, while it cost about 1 KB on each of the 40-odd files the landing page
 * loads (issue 34, point 4). They carry what protects a subresource: nosniff, CORP, the referrer
 * policy (a stylesheet's own requests follow it) and HSTS. A worker's script keeps every header:
 * its response's CSP is the worker's policy.
 */
import type { Middleware } from 'koa';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** The public address; https turns on HSTS. */
  publicUrl: string;
  /** Stripe is the active processor: its script, frame and API origins are allowed. */
  stripe: boolean;
  /** Where browsers PUT uploaded images when that is another origin (an S3 bucket): allowed to connect. */
  uploadOrigin?: string;
}

/** Stripe.js and its Elements frames (https://docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Powerful features nobody on the storefront uses; `payment` is handled separately. */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'browsing-topics',
] as const;

export function permissionsPolicy(stripe: boolean): string {
  // Stripe's Payment Request / wallet buttons run the Payment Request API inside its frame.
  const payment = stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()';
  // The check-in scanner (/admin/check-in/:courseId, issue 30) reads tickets with the camera: the
  // app's own pages may ask for it (the browser still asks the person), no frame may. One policy
  // for every page: the app is one document, and the back office opens without reloading it.
  return [...DENIED_FEATURES.map((feature) => `${feature}=()`), 'camera=(self)', payment].join(', ');
}

export function contentSecurityPolicyDirectives(options: SecurityHeadersOptions): Record<string, string[]> {
  const { stripe } = options;
  const https = options.publicUrl.startsWith('https://');
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE_ORIGINS.script : [])],
    'script-src-attr': ["'none'"],
    // Styles keep 'unsafe-inline'. Checked in Chromium against the built app: with plain 'self'
    // Fluent UI renders unstyled, because Griffel (its CSS-in-JS) creates <style> elements at run
    // time. Griffel alone would pass with the hash of the empty string (it inserts empty <style>
    // tags and fills them through CSSOM insertRule, which CSP does not police), but Stripe.js is
    // reported to style its elements inline (not checkable here without live Stripe keys), and a
    // per-processor style policy is not worth it: inline styles cannot run script, and
    // img-src/font-src/connect-src keep CSS from sending anything to another origin. Scripts
    // stay strict: no 'unsafe-inline', no 'unsafe-eval', no inline event handlers.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(stripe ? STRIPE_ORIGINS.connect : []), ...(options.uploadOrigin ? [options.uploadOrigin] : [])],
    'frame-src': stripe ? ["'self'", ...STRIPE_ORIGINS.frame] : ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // blob: for the lesson player (issue 29): hls.js plays through Media Source Extensions, whose
    // stream is a blob: address the <video> loads (it holds only bytes fetched from 'self').
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The headers Helmet writes for these options. Helmet's output does not depend on the request, so
 * it runs once, against a recording response, and every request gets the recorded headers —
 * the same headers for a fraction of the cost (this runs on every request, cached catalogue
 * answers included).
 */
export function securityHeaderValues(options: SecurityHeadersOptions): Record<string, string> {
  const https = options.publicUrl.startsWith('https://');
  const headers: Record<string, string> = { 'Permissions-Policy': permissionsPolicy(options.stripe) };
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name] = Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: () => undefined,
    getHeader: (name: string) => headers[name],
  };
  let failure: unknown = null;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(options) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    xPoweredBy: true,
  })({ headers: {} } as never, recorder as never, (error?: unknown) => void (failure = error ?? null));
  if (failure) throw failure;
  return headers;
}

/** What a subresource keeps of the headers (see above); names as Helmet writes them. */
const SUBRESOURCE_HEADERS: ReadonlySet<string> = new Set([
  'cross-origin-resource-policy',
  'x-content-type-options',
  'referrer-policy',
  'strict-transport-security',
]);

/**
 * A build file that no browser takes as a document or a worker's script: a module, a stylesheet, a
 * font or a raster image directly under /assets/ (no SVG: opened alone it is a document; nothing
 * encoded, so no path that resolves elsewhere; not a worker, whose file names say so — hls.js's
 * `hls.worker-…`, the catalogue's `sync-worker-…`). Anything else there, the app shell answering an
 * unknown address included, keeps every header.
 */
const PLAIN_ASSET = /^\/assets\/[\w.-]+\.(?:js|css|woff2?|png|jpe?g|webp|avif)$/;
const isPlainAsset = (path: string) => PLAIN_ASSET.test(path) && !/worker/i.test(path);

export function securityHeaders(options: SecurityHeadersOptions): Middleware {
  const headers = securityHeaderValues(options);
  const subresource = Object.fromEntries(Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.has(name.toLowerCase())));
  return async (ctx, next) => {
    ctx.set(isPlainAsset(ctx.path) ? subresource : headers);
    await next();
  };
}
