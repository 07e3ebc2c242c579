/**
 * Image upload (back-office spec §7): staff ask for an upload address, PUT the file to it (local
 * driver: this server; S3: the bucket), then ask for it to be completed; anyone may read a ready
 * image at `/objects/uploads/{file}`, served with its sniffed type, `nosniff` and a year of cache.
 */
import { uploadRequestSchema } from '@contracts/uploads';
import { AppError } from '../errors';
import type { ApiRouter } from '../middleware/access';
import { parseBody, requestBody } from '../middleware/validate';
import type { UploadServices } from '../services/uploads';
import { idParam } from './route-helpers';

/** The upload PUT's body stays a stream (the JSON parser skips it). */
export const UPLOAD_PUT_PATH = /^\/api\/objects\/uploads\/[^/]+$/;

export function uploadRoutes(api: ApiRouter, { uploads }: UploadServices): void {
  api.post('/api/objects/upload', 'staff', async (ctx) => {
    ctx.status = 201;
    ctx.body = await uploads.createTicket(ctx.state.user!.id, parseBody(uploadRequestSchema, requestBody(ctx) ?? {}));
  });

  // Authorised by the address's signature, not a session: the browser PUTs the file as it is.
  api.put('/api/objects/uploads/:id', 'public', async (ctx) => {
    const id = idParam(ctx, 'Upload');
    const length = ctx.get('Content-Length');
    try {
      ctx.body = await uploads.receive(
        id,
        { expires: ctx.query.expires as string | undefined, signature: ctx.query.signature as string | undefined },
        length ? Number(length) : null,
        ctx.req,
      );
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer.
      if (!ctx.req.readableEnded) ctx.set('Connection', 'close');
      throw error;
    }
  });

  api.post('/api/objects/uploads/:id/complete', 'staff', async (ctx) => {
    ctx.body = await uploads.complete(ctx.state.user!.id, idParam(ctx, 'Upload'));
  });

  api.get('/objects/uploads/:file', 'public', async (ctx) => {
    const object = await uploads.read(ctx.params.file!);
    if (!object) throw AppError.notFound('Not found');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('ETag', object.etag);
    if (ctx.get('If-None-Match') === object.etag) {
      object.body.destroy();
      ctx.status = 304;
      return;
    }
    ctx.type = 'image/webp';
    ctx.length = object.size;
    ctx.body = object.body;
  });
}
