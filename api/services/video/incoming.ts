/**
 * Where resumable video uploads arrive before they are transcoded, beside the media store: in its
 * folder (`{UPLOAD_DIR}/media/incoming-videos/{id}`, tus's FileStore) or in its bucket
 * (`media/incoming-videos/{id}`, tus's S3Store, a multipart upload per video). The upload id is a
 * UUID; the stores know it by `storeId(id)`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import { s3ClientOptions, type LocalMediaStore, type MediaStore, type S3MediaStore } from '../../integrations/media-store';

export interface IncomingVideos {
  datastore: DataStore;
  storeId(id: string): string;
  /** Whether anything of upload `id` is kept (finished or not). */
  exists(id: string): Promise<boolean>;
  /** A local file holding finished upload `id`: the file itself (folder), or a copy made in `dir` (S3); null when it is gone. */
  localFile(id: string, dir: string, signal: AbortSignal): Promise<string | null>;
  /** Deletes whatever is kept of upload `id`. */
  remove(id: string): Promise<void>;
  /** Uploads last written before `before` that may be unfinished (S3: only unfinished ones; a folder: every one, finished or not). */
  idleSince(before: Date): Promise<string[]>;
}

const UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const INCOMING_FOLDER = 'incoming-videos';

function localIncoming(store: LocalMediaStore): IncomingVideos {
  const directory = path.join(store.root, INCOMING_FOLDER);
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = (id: string) => path.join(directory, id);
  return {
    datastore: new FileStore({ directory }),
    storeId: (id) => id,
    exists: async (id) => fs.existsSync(`${file(id)}.json`) || fs.existsSync(file(id)),
    localFile: async (id) => (fs.existsSync(file(id)) ? file(id) : null),
    async remove(id) {
      await Promise.all([fs.promises.rm(file(id), { force: true }), fs.promises.rm(`${file(id)}.json`, { force: true })]);
    },
    async idleSince(before) {
      const idle: string[] = [];
      for (const name of await fs.promises.readdir(directory)) {
        const id = name.replace(/\.json$/, '');
        if (!UUID_NAME.test(id) || idle.includes(id)) continue;
        const stat = await fs.promises.stat(fs.existsSync(file(id)) ? file(id) : `${file(id)}.json`).catch(() => null);
        if (stat && stat.mtime < before) idle.push(id);
      }
      return idle;
    },
  };
}

function s3Incoming(store: S3MediaStore): IncomingVideos {
  const options = s3ClientOptions(store.s3);
  const client = new S3Client(options);
  const Bucket = store.s3.bucket;
  const storeId = (id: string) => `media/${INCOMING_FOLDER}/${id}`;
  // No copy of an upload's facts (`{id}.info`) is kept between requests: the next request on the
  // upload may come to another process (that declared its length meanwhile, or finished it).
  const cache = { get: async () => undefined, set: async () => undefined, delete: async () => undefined };
  const datastore = new S3Store({ partSize: 8 * 1024 * 1024, cache, s3ClientConfig: { bucket: Bucket, ...options } });
  const has = async (Key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch {
      return false;
    }
  };
  return {
    datastore,
    storeId,
    exists: async (id) => has(`${storeId(id)}.info`),
    async localFile(id, dir, signal) {
      if (!(await has(storeId(id)))) return null;
      const target = path.join(dir, 'source');
      const object = await client.send(new GetObjectCommand({ Bucket, Key: storeId(id) }), { abortSignal: signal });
      await pipeline(object.Body as Readable, fs.createWriteStream(target), { signal });
      return target;
    },
    async remove(id) {
      // An unfinished upload's multipart upload is aborted by the store; then every object of it goes.
      await datastore.remove(storeId(id)).catch(() => undefined);
      const Objects = ['', '.info', '.part'].map((suffix) => ({ Key: `${storeId(id)}${suffix}` }));
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects } }));
    },
    async idleSince(before) {
      const idle: string[] = [];
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: storeId(''), KeyMarker, UploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          const id = upload.Key!.slice(storeId('').length);
          if (UUID_NAME.test(id) && upload.Initiated && upload.Initiated < before) idle.push(id);
        }
        [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
      } while (KeyMarker);
      return idle;
    },
  };
}

/** The incoming uploads of `store`'s folder or bucket. */
export function incomingVideosFor(store: MediaStore): IncomingVideos {
  if (store.kind === 's3' && 's3' in store) return s3Incoming(store as S3MediaStore);
  if (store.kind === 'local' && 'root' in store) return localIncoming(store as LocalMediaStore);
  throw new Error('Video uploads need the folder or S3 media store (createLocalMediaStore, createS3MediaStore)');
}
