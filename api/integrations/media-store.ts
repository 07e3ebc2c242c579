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

export function createLocalMediaStore(dir: string): MediaStore {
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
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('deletePrefix takes a folder (ending with /)');
      await fs.promises.rm(file(prefix), { recursive: true, force: true });
    },
  };
}
