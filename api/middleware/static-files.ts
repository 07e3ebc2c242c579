/**
 * Serves the built PWA from `root`: hashed assets cached for a year, the service worker and the
 * app shell revalidated every time (`ETag` from size and time, `If-None-Match` → 304), the
 * build's precompressed `.br` / `.gz` twin to clients that accept it (`Vary: Accept-Encoding`),
 * and any other GET that is not under /api answered with the app shell so deep links such as
 * /courses/<id> load the app (with status 404 when the path is not one of the app's routes): the
 * page's own shell where it has one (`/`, `/courses`, a lesson: contracts/route-shells.ts), else
 * index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import { isAppPath } from '@contracts/app-routes';
import { routeShellFor } from '@contracts/route-shells';

/** Text types worth compressing; the build writes `.br`/`.gz` twins of these (same list as scripts/vite-precompress.ts). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The build's `.br` or `.gz` of `file` when the client accepts that encoding (`scripts/vite-precompress.ts`). */
async function precompressedTwin(ctx: Parameters<Middleware>[0], file: string): Promise<{ file: string; stat: fs.Stats; encoding: 'br' | 'gzip' } | null> {
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (ctx.acceptsEncodings(encoding, 'identity') !== encoding) continue;
    const stat = await fs.promises.stat(file + suffix).catch(() => null);
    if (stat?.isFile()) return { file: file + suffix, stat, encoding };
  }
  return null;
}

export function staticFiles(root: string): Middleware {
  const resolvedRoot = path.resolve(root);
  const indexFile = path.join(resolvedRoot, 'index.html');

  const send = async (ctx: Parameters<Middleware>[0], file: string, stat: fs.Stats, status = 200) => {
    ctx.status = status;
    const ext = path.extname(file).toLowerCase();
    const rel = path.relative(resolvedRoot, file);
    ctx.type = TYPES[ext] ?? 'application/octet-stream';
    ctx.lastModified = stat.mtime;
    ctx.etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    if (rel.startsWith('assets' + path.sep)) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    else if (ext === '.html' || rel === 'sw.js' || ext === '.webmanifest') ctx.set('Cache-Control', 'no-cache');
    else ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Already compressed (or not worth it): the response compressor leaves it alone.
    ctx.compress = false;
    const twin = COMPRESSIBLE.test(file) ? await precompressedTwin(ctx, file) : null;
    if (twin) {
      ctx.set('Content-Encoding', twin.encoding);
      ctx.vary('Accept-Encoding');
    } else if (COMPRESSIBLE.test(file)) {
      ctx.vary('Accept-Encoding');
    }
    ctx.length = twin ? twin.stat.size : stat.size;
    if (status === 200 && ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
      return;
    }
    ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(twin ? twin.file : file);
  };

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(ctx.path);
    } catch {
      return ctx.throw(400, 'Malformed URL');
    }
    const candidate = path.resolve(resolvedRoot, '.' + path.posix.normalize('/' + decoded));
    if (candidate.startsWith(resolvedRoot + path.sep)) {
      const stat = await fs.promises.stat(candidate).catch(() => null);
      if (stat?.isFile()) return send(ctx, candidate, stat);
    }
    // A missing file with an extension (an old hashed asset, a mistyped image) is a real 404.
    if (path.extname(decoded) && decoded !== '/index.html') {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    // A page with a shell of its own, which also preloads its first reads and code (contracts/route-shells.ts).
    const shell = routeShellFor(decoded, new URLSearchParams(ctx.querystring));
    const shellFile = shell && path.join(resolvedRoot, shell.file);
    const shellStat = shellFile ? await fs.promises.stat(shellFile).catch(() => null) : null;
    if (shellFile && shellStat) return send(ctx, shellFile, shellStat);
    const stat = await fs.promises.stat(indexFile).catch(() => null);
    if (!stat) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app has not been built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    // The shell renders "404 Page Not Found" for a path the app does not know; say so in the status too.
    await send(ctx, indexFile, stat, isAppPath(decoded) ? 200 : 404);
  };
}
