/**
 * Where uploaded images live. Local (the default): files under UPLOAD_DIR (`data/uploads`), the
 * upload received by this server. S3-compatible (S3_* configured): the browser PUTs the original
 * to a presigned address under `incoming/`; the checked sizes are written under `uploads/`. Either
 * way the server answers `GET /objects/uploads/{file}` itself, with its own headers.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config';

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Writes one finished size (`{id}.webp`, `{id}-400.webp`). */
  putFinished(name: string, data: Buffer): Promise<void>;
  getFinished(name: string): Promise<StoredObject | null>;
  deleteFinished(names: string[]): Promise<void>;
  /** The received original: its size (null when nothing arrived) and bytes. */
  incomingSize(id: string): Promise<number | null>;
  readIncoming(id: string): Promise<Buffer>;
  deleteIncoming(id: string): Promise<void>;
}

export interface LocalObjectStore extends ObjectStore {
  readonly kind: 'local';
  /** The file an upload is streamed into. */
  incomingFile(id: string): string;
}

export interface S3ObjectStore extends ObjectStore {
  readonly kind: 's3';
  /** A presigned PUT of the original, valid for `seconds`. */
  presignIncoming(id: string, seconds: number): Promise<string>;
}

const SAFE_NAME = /^[0-9a-f-]{36}(-\d{2,4})?\.webp$/;
const SAFE_ID = /^[0-9a-f-]{36}$/;

function assertName(name: string, pattern: RegExp): void {
  // Names are made by the server; this is the last line against a path reaching the file system.
  if (!pattern.test(name)) throw new Error(`Unsafe object name: ${JSON.stringify(name)}`);
}

export function createLocalObjectStore(dir: string): LocalObjectStore {
  const root = path.resolve(dir);
  const incomingDir = path.join(root, 'incoming');
  fs.mkdirSync(incomingDir, { recursive: true, mode: 0o700 });
  const finished = (name: string) => {
    assertName(name, SAFE_NAME);
    return path.join(root, name);
  };
  const incoming = (id: string) => {
    assertName(id, SAFE_ID);
    return path.join(incomingDir, id);
  };
  return {
    kind: 'local',
    incomingFile: incoming,
    async putFinished(name, data) {
      // Written aside and renamed: a reader never sees half a file.
      const file = finished(name);
      await fs.promises.writeFile(`${file}.tmp`, data);
      await fs.promises.rename(`${file}.tmp`, file);
    },
    async getFinished(name) {
      const file = finished(name);
      try {
        const stat = await fs.promises.stat(file);
        return { body: fs.createReadStream(file), size: stat.size };
      } catch {
        return null;
      }
    },
    async deleteFinished(names) {
      await Promise.all(names.map((name) => fs.promises.rm(finished(name), { force: true })));
    },
    async incomingSize(id) {
      try {
        return (await fs.promises.stat(incoming(id))).size;
      } catch {
        return null;
      }
    },
    readIncoming: (id) => fs.promises.readFile(incoming(id)),
    deleteIncoming: (id) => fs.promises.rm(incoming(id), { force: true }),
  };
}

export function createS3ObjectStore(config: S3Config): S3ObjectStore {
  const options: S3ClientConfig = {
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: !!config.endpoint,
    // A presigned PUT must not carry a checksum of an empty body (the SDK's default since 3.729).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
  };
  const client = new S3Client(options);
  // Presigned for the address browsers use: the signature covers the host.
  const signer = config.publicUrl ? new S3Client({ ...options, endpoint: config.publicUrl, forcePathStyle: true }) : client;
  const Bucket = config.bucket;
  const finishedKey = (name: string) => {
    assertName(name, SAFE_NAME);
    return `uploads/${name}`;
  };
  const incomingKey = (id: string) => {
    assertName(id, SAFE_ID);
    return `incoming/${id}`;
  };
  const missing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
  };
  return {
    kind: 's3',
    presignIncoming: (id, seconds) => getSignedUrl(signer, new PutObjectCommand({ Bucket, Key: incomingKey(id) }), { expiresIn: seconds }),
    async putFinished(name, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: finishedKey(name), Body: data, ContentType: 'image/webp' }));
    },
    async getFinished(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: finishedKey(name) }));
        return { body: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async deleteFinished(names) {
      if (names.length === 0) return;
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: names.map((name) => ({ Key: finishedKey(name) })) } }));
    },
    async incomingSize(id) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: incomingKey(id) }));
        return Number(head.ContentLength ?? 0);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async readIncoming(id) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: incomingKey(id) }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async deleteIncoming(id) {
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: incomingKey(id) }] } }));
    },
  };
}
