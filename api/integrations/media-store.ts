/**
 * Where lesson media live once made: transcoded video (`videos/{assetId}/…`: HLS playlists,
 * segments, the poster, the progressive MP4) and lesson documents (`documents/{name}.pdf`).
 * Local (the default): files under `{UPLOAD_DIR}/media`, served by the API's media routes after
 * they checked the caller's credential. S3 (S3_* configured): objects under `media/` in the
 * bucket; the media routes answer with a presigned GET as short-lived as the credential.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CORSRule,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config';

export interface MediaObject {
  body: Readable;
  size: number;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Copies a finished local file in under `key` (replacing what was there). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or a byte range of it (`end` inclusive); null when there is none. */
  get(key: string, range?: { start: number; end: number }): Promise<MediaObject | null>;
  size(key: string): Promise<number | null>;
  /** Removes the object `key` (nothing happens when there is none). */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a folder: ends with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** S3 only: a GET of `key` valid for `seconds`. */
  presignGet?(key: string, seconds: number): Promise<string>;
}

/** Keys are made by the server; this is the last line against a path reaching the file system. */
const SAFE_KEY = /^(videos|documents)\/[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,40}){0,2}(\.[a-z0-9]{2,5})?$|^(videos|documents)\/[A-Za-z0-9_-]{1,64}\/$/;

export function assertMediaKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe media key: ${JSON.stringify(key)}`);
}

/** The folder store; `root` also holds unfinished video uploads (`incoming-videos/`, outside every key). */
export interface LocalMediaStore extends MediaStore {
  readonly kind: 'local';
  readonly root: string;
}

/** The bucket store; its bucket also holds unfinished video uploads (under `media/incoming-videos/`). */
export interface S3MediaStore extends MediaStore {
  readonly kind: 's3';
  readonly s3: S3Config;
  presignGet(key: string, seconds: number): Promise<string>;
  /**
   * Lets the app's pages read the bucket's presigned addresses (CORS: GET and HEAD with a Range
   * header, Content-Range readable), which hls.js, caption tracks and offline downloads need.
   * Added beside the bucket's other rules; nothing is written when one already allows it.
   * Answers whether a rule was added.
   */
  allowBrowserReads(origin: string): Promise<boolean>;
}

/** The CORS rule the app adds for its own origin. */
export const mediaCorsRule = (origin: string): CORSRule => ({
  AllowedOrigins: [origin],
  AllowedMethods: ['GET', 'HEAD'],
  AllowedHeaders: ['range'],
  ExposeHeaders: ['Content-Range', 'Content-Length', 'Accept-Ranges', 'ETag'],
  MaxAgeSeconds: 3600,
});

const allowsReadsFrom = (rule: CORSRule, origin: string) =>
  (rule.AllowedOrigins ?? []).some((o) => o === '*' || o === origin) &&
  (rule.AllowedMethods ?? []).includes('GET') &&
  (rule.AllowedHeaders ?? []).some((h) => h === '*' || h.toLowerCase() === 'range');

export function createLocalMediaStore(dir: string): LocalMediaStore {
  const root = path.resolve(dir);
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  const file = (key: string) => {
    assertMediaKey(key);
    return path.join(root, key);
  };
  const writeAside = async (key: string, write: (tmp: string) => Promise<void>) => {
    const target = file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const tmp = `${target}.${process.pid}.tmp`;
    await write(tmp);
    await fs.promises.rename(tmp, target);
  };
  return {
    kind: 'local',
    root,
    putFile: (key, source) => writeAside(key, (tmp) => fs.promises.copyFile(source, tmp)),
    putBuffer: (key, data) => writeAside(key, (tmp) => fs.promises.writeFile(tmp, data)),
    async get(key, range) {
      const target = file(key);
      try {
        const stat = await fs.promises.stat(target);
        if (!stat.isFile()) return null;
        if (!range) return { body: fs.createReadStream(target), size: stat.size };
        return { body: fs.createReadStream(target, { start: range.start, end: range.end }), size: range.end - range.start + 1 };
      } catch {
        return null;
      }
    },
    async size(key) {
      try {
        const stat = await fs.promises.stat(file(key));
        return stat.isFile() ? stat.size : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true });
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('deletePrefix takes a folder (ending with /)');
      await fs.promises.rm(file(prefix), { recursive: true, force: true });
    },
  };
}

/** The S3 client's settings for `config` (path-style when an endpoint is given, as the object store). */
export function s3ClientOptions(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: !!config.endpoint,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
  };
}

/** Files above this go up in parts (a single PUT takes at most 5 GB). */
const MULTIPART_FROM = 256 * 1024 * 1024;
const PART_SIZE = 64 * 1024 * 1024;

export function createS3MediaStore(config: S3Config): S3MediaStore {
  const options = s3ClientOptions(config);
  const client = new S3Client(options);
  // Presigned for the address browsers use: the signature covers the host.
  const signer = config.publicUrl ? new S3Client({ ...options, endpoint: config.publicUrl, forcePathStyle: true }) : client;
  const Bucket = config.bucket;
  const objectKey = (key: string) => {
    assertMediaKey(key);
    return `media/${key}`;
  };
  const missing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
  };
  const putParts = async (Key: string, file: string, size: number, ContentType: string) => {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
    const parts: Array<{ ETag: string | undefined; PartNumber: number }> = [];
    for (let start = 0, PartNumber = 1; start < size; start += PART_SIZE, PartNumber++) {
      const end = Math.min(size, start + PART_SIZE);
      const part = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, ContentLength: end - start, Body: fs.createReadStream(file, { start, end: end - 1 }) }),
      );
      parts.push({ ETag: part.ETag, PartNumber });
    }
    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
  };
  return {
    kind: 's3',
    s3: config,
    async putFile(key, file, ContentType) {
      const Key = objectKey(key);
      const { size } = await fs.promises.stat(file);
      if (size > MULTIPART_FROM) return putParts(Key, file, size, ContentType);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: fs.createReadStream(file), ContentLength: size, ContentType }));
    },
    async putBuffer(key, data, ContentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType }));
    },
    async get(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        return { body: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return Number((await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }))).ContentLength ?? 0);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('deletePrefix takes a folder (ending with /)');
      const Prefix = objectKey(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const Objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (Objects.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    presignGet: (key, seconds) => getSignedUrl(signer, new GetObjectCommand({ Bucket, Key: objectKey(key) }), { expiresIn: seconds }),
    async allowBrowserReads(origin) {
      let rules: CORSRule[] = [];
      try {
        rules = (await client.send(new GetBucketCorsCommand({ Bucket }))).CORSRules ?? [];
      } catch (error) {
        // A bucket without any CORS configuration answers 404 (NoSuchCORSConfiguration).
        if (!missing(error) && (error as { name?: string }).name !== 'NoSuchCORSConfiguration') throw error;
      }
      if (rules.some((rule) => allowsReadsFrom(rule, origin))) return false;
      await client.send(new PutBucketCorsCommand({ Bucket, CORSConfiguration: { CORSRules: [...rules, mediaCorsRule(origin)] } }));
      return true;
    },
  };
}
