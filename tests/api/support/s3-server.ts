/**
 * An S3-compatible server for a test file: s3rver on an ephemeral port, in a folder of its own,
 * with the bucket `lesson-media`. s3rver 3 lacks three multipart calls that @tus/s3-store and the
 * incoming videos' pruning make — ListParts (the offset HEAD gives and every PATCH starts from),
 * ListMultipartUploads and AbortMultipartUpload — so they are added here, ahead of its router,
 * answered from s3rver's own record of multipart uploads (`{bucket}/._S3rver_uploads/{uploadId}/`:
 * `key`, and each part `{n}` with its `{n}.md5`), the way S3 answers them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '@api/config';
import { s3ClientOptions } from '@api/integrations/media-store';

export interface TestS3 {
  config: S3Config;
  client: S3Client;
  /** The keys under `prefix`, sorted. */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInternals {
  middleware: Middleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

const BUCKET = 'lesson-media';

const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function multipartCalls(internals: S3rverInternals): Middleware {
  const uploadsDir = (bucket: string) => internals.store.getResourcePath(bucket, undefined, 'uploads');
  const keyOf = async (dir: string) => fs.promises.readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
  const answer = (ctx: KoaContext, status: number, xml: string) => {
    ctx.status = status;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
  };
  const noSuchUpload = (ctx: KoaContext, uploadId: string) =>
    answer(
      ctx,
      404,
      `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xmlText(uploadId)}</UploadId></Error>`,
    );

  return async (ctx, next) => {
    const [bucket, ...rest] = ctx.path.slice(1).split('/');
    const key = decodeURIComponent(rest.join('/'));
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (!bucket) return next();
    const dir = uploadId ? path.join(uploadsDir(bucket), path.basename(uploadId)) : '';

    if (ctx.method === 'GET' && key && uploadId) {
      // ListParts: every part stored so far, in order (one page: tus's uploads here have few parts).
      if ((await keyOf(dir)) !== key) return noSuchUpload(ctx, uploadId);
      const numbers = (await fs.promises.readdir(dir))
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b);
      const parts = await Promise.all(
        numbers.map(async (n) => {
          const stat = await fs.promises.stat(path.join(dir, String(n)));
          const md5 = await fs.promises.readFile(path.join(dir, `${n}.md5`), 'utf8');
          return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
        }),
      );
      const head = `<Bucket>${bucket}</Bucket><Key>${xmlText(key)}</Key><UploadId>${xmlText(uploadId)}</UploadId><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>`;
      return answer(ctx, 200, `<ListPartsResult>${head}${parts.join('')}</ListPartsResult>`);
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      // AbortMultipartUpload: its parts are gone.
      if ((await keyOf(dir)) !== key) return noSuchUpload(ctx, uploadId);
      await fs.promises.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      // ListMultipartUploads: the uploads in progress under `prefix`, by key (one page).
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const uploads: string[] = [];
      for (const id of (await fs.promises.readdir(uploadsDir(bucket)).catch(() => [])).sort()) {
        const uploadKey = await keyOf(path.join(uploadsDir(bucket), id));
        if (uploadKey === null || !uploadKey.startsWith(prefix)) continue;
        const initiated = (await fs.promises.stat(path.join(uploadsDir(bucket), id, 'key'))).mtime.toISOString();
        uploads.push(`<Upload><Key>${xmlText(uploadKey)}</Key><UploadId>${xmlText(id)}</UploadId><Initiated>${initiated}</Initiated></Upload>`);
      }
      const head = `<Bucket>${bucket}</Bucket><Prefix>${xmlText(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>`;
      return answer(ctx, 200, `<ListMultipartUploadsResult>${head}${uploads.join('')}</ListMultipartUploadsResult>`);
    }
    return next();
  };
}

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'test-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const internals = server as unknown as S3rverInternals;
  // Before the router (the last middleware), after the logging, XML and virtual-host ones.
  internals.middleware.splice(internals.middleware.length - 1, 0, multipartCalls(internals));
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: undefined,
  };
  const client = new S3Client(s3ClientOptions(config));
  return {
    config,
    client,
    keys: async (prefix) => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!).sort(),
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
