/**
 * The tus 1.0.0 server of video uploads (`@tus/server`) on `/api/uploads/video`: creation (also
 * with upload and with a deferred length), PATCH from the offset HEAD gives, termination of
 * unfinished uploads. `VIDEO_MAX_MB` is enforced while the bytes stream in (a declared length above
 * it is refused at once); a refused upload is deleted, so nothing of it is kept. The upload id is
 * a UUID, the last path segment of the relative `Location`. When the last byte arrives, `finished`
 * records it (once: a repeated last PATCH finds it recorded). Requests on one upload take its lock
 * (`locker`: the database's, so that it holds across processes, `upload-locker.ts`).
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { Server, type Locker } from '@tus/server';
import type { Logger } from '../../logger';
import type { IncomingVideos } from './incoming';

export const VIDEO_UPLOAD_PATH = '/api/uploads/video';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface TusUploadOptions {
  incoming: IncomingVideos;
  locker: Locker;
  maxBytes: number;
  logger: Logger;
  finished(id: string, sizeBytes: number, userId: string | null): Promise<void>;
}

export interface TusUploads {
  /** Answers one tus request (the caller checked who may upload). */
  handle(req: http.IncomingMessage, res: http.ServerResponse, userId: string): Promise<void>;
}

type WithNode = { runtime?: { node?: { req?: http.IncomingMessage } }; url: string };

export function createTusUploads(o: TusUploadOptions): TusUploads {
  const users = new WeakMap<http.IncomingMessage, string>();
  // The id a creation request named, to delete what it wrote if it is refused.
  const named = new WeakMap<http.IncomingMessage, string>();
  const nodeOf = (req: WithNode) => req.runtime?.node?.req;
  const bare = (storeId: string) => storeId.slice(storeId.lastIndexOf('/') + 1);
  const idInUrl = (url: string) => {
    const last = new URL(url, 'http://x').pathname.split('/').pop() ?? '';
    return UUID.test(last) ? last : undefined;
  };
  const limitMb = Math.round((o.maxBytes / 1024 / 1024) * 1000) / 1000;
  const server = new Server({
    path: VIDEO_UPLOAD_PATH,
    datastore: o.incoming.datastore,
    locker: o.locker,
    maxSize: o.maxBytes,
    relativeLocation: true,
    // Same-origin only: no `Access-Control-Allow-Origin: *` on these answers.
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    namingFunction(req) {
      const id = crypto.randomUUID();
      const node = nodeOf(req as unknown as WithNode);
      if (node) named.set(node, id);
      return o.incoming.storeId(id);
    },
    generateUrl: (_req, { path, id }) => `${path}/${bare(id)}`,
    getFileIdFromRequest: (_req, last) => (last && UUID.test(last) ? o.incoming.storeId(last) : undefined),
    async onUploadFinish(req, upload) {
      const node = nodeOf(req as unknown as WithNode);
      await o.finished(bare(upload.id), upload.size ?? upload.offset, (node && users.get(node)) ?? null);
      return {};
    },
    async onResponseError(req, error) {
      const status = 'status_code' in error ? error.status_code : 500;
      const text = ('body' in error && typeof error.body === 'string' ? error.body : (error as Error).message).trim();
      if (status >= 500) o.logger.error('Video upload failed', { error: text });
      if (status !== 413) return { status_code: status, body: JSON.stringify({ message: text }) };
      // Over the limit: whatever arrived of it is deleted.
      const node = nodeOf(req as unknown as WithNode);
      const id = (node && named.get(node)) ?? idInUrl(req.url);
      if (id) await o.incoming.remove(id).catch((e) => o.logger.error('Could not delete a refused video upload', { id, error: String(e) }));
      return { status_code: 413, body: JSON.stringify({ message: `The video is larger than the ${limitMb} MB limit.` }) };
    },
  });
  return {
    async handle(req, res, userId) {
      users.set(req, userId);
      await server.handle(req, res);
    },
  };
}
