/**
 * Sends a cached catalogue answer (`services/catalogue-cache.ts`): `ETag` with `If-None-Match` →
 * 304, revalidated on every use (`Cache-Control: no-cache`), and the body compressed once per
 * version and encoding rather than on every request. An answer whose headers carry an `ETag` of
 * their own (a staff read: the course version, for `If-Match`) overrides the catalogue's and is
 * always sent in full: that version does not move when a linked instructor's name does.
 */
import type { Context } from 'koa';
import type { CachedAnswer } from '../services/catalogue/catalogue-cache';

/** Smaller bodies are not worth compressing (the same threshold as the response compressor). */
const COMPRESS_FROM_BYTES = 1024;

export async function sendCachedAnswer(ctx: Context, answer: CachedAnswer): Promise<void> {
  ctx.status = 200;
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  ctx.etag = answer.etag;
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.type = 'application/json; charset=utf-8';
  ctx.compress = false;
  if (!answer.headers.ETag && ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  const encoding = answer.json.length >= COMPRESS_FROM_BYTES ? ctx.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.set('Content-Encoding', encoding);
    ctx.body = await answer.encoded(encoding);
  } else {
    ctx.body = answer.json;
  }
}
