/**
 * Cached catalogue answers. The catalogue changes rarely and every write bumps the database's
 * change sequence (`db/change-log.ts`) in the same transaction, so a serialized answer stays
 * valid exactly as long as that sequence does. A read costs one primary-key lookup of the
 * sequence — shared by every request that arrives while one is in flight — and a buffer write.
 * The key is the database's sequence, never process memory alone, so several API processes on
 * one database each serve what the database holds; `windowMs` > 0 lets a process reuse a sequence
 * it read less than that long ago (a bounded staleness, for deployments that prefer it). A `fresh`
 * answer (the back office's reads, `status=all`) never reuses one: it is as new as the last write
 * any process committed before the request arrived.
 *
 * Bodies are kept as JSON bytes with their brotli and gzip forms made once, on first demand.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { catalogueCommitsInThisProcess, currentCatalogueSeq } from '@db/change-log';
import type { Clock } from '../../lib/clock';

/** How long a process trusts the catalogue version it last read (other processes' writes show within it). */
export const DEFAULT_WINDOW_MS = 1000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CachedAnswer {
  /** Weak validator: the catalogue sequence and the normalized query. */
  etag: string;
  json: Buffer;
  headers: Record<string, string>;
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

export interface CatalogueCacheOptions {
  knex: Knex;
  clock: Clock;
  /** Reuse a sequence read less than this long ago (default 1000; 0: read it for every request). */
  windowMs?: number;
  /** Bytes of bodies kept (JSON and compressed forms); least recently used go first. */
  maxBytes?: number;
}

interface Entry {
  seq: number;
  answer: Promise<CachedAnswer>;
  bytes: number;
}

/** Reads the sequence; requests arriving while a read is in flight share the next one (never an older one). */
class SequenceReader {
  private current: Promise<number> | null = null;
  private queued: Promise<number> | null = null;
  private lastRead: { seq: number; at: number; commits: number } | null = null;

  constructor(private readonly o: CatalogueCacheOptions) {}

  /** `fresh`: a read that started after this call, whatever the window. */
  read(fresh = false): Promise<number> {
    const windowMs = this.o.windowMs ?? DEFAULT_WINDOW_MS;
    const last = this.lastRead;
    if (!fresh && windowMs > 0 && last && last.commits === catalogueCommitsInThisProcess() && this.o.clock().getTime() - last.at < windowMs)
      return Promise.resolve(last.seq);
    if (!this.current) return this.start();
    // One in flight started before this request arrived: a write it missed must not be missed here.
    this.queued ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<number> {
    const at = this.o.clock().getTime();
    const commits = catalogueCommitsInThisProcess();
    const read = currentCatalogueSeq(this.o.knex).then((seq) => {
      this.lastRead = { seq, at, commits };
      return seq;
    });
    this.current = read;
    void read
      .finally(() => {
        if (this.current === read) this.current = null;
      })
      .catch(() => undefined);
    return read;
  }
}

export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly sequence: SequenceReader;

  constructor(private readonly o: CatalogueCacheOptions) {
    this.sequence = new SequenceReader(o);
  }

  /** The catalogue's current sequence (the sync cursor); `fresh`: read from the database for this call. */
  version(fresh = false): Promise<number> {
    return this.sequence.read(fresh);
  }

  /** Whether the answer for `key` at catalogue version `seq` is held (built, or being built). */
  holds(key: string, seq: number): boolean {
    return this.entries.get(key)?.seq === seq;
  }

  /**
   * The answer for `key` at the current catalogue version: cached, or built once by `build`
   * (concurrent requests for the same key and version share one build). `fresh`: the version is
   * read from the database for this request (staff reads for editing), never trusted from the window.
   */
  async answer(
    key: string,
    build: () => Promise<{ body: unknown; headers?: Record<string, string> }>,
    options: { fresh?: boolean } = {},
  ): Promise<CachedAnswer> {
    const seq = await this.version(options.fresh);
    const hit = this.entries.get(key);
    if (hit && hit.seq === seq) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.answer;
    }
    const answer = build().then(({ body, headers = {} }) => makeAnswer(seq, key, body, headers));
    const entry: Entry = { seq, answer, bytes: 0 };
    this.store(key, entry);
    answer.then(
      (made) => {
        entry.bytes = made.json.length * 2;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return answer;
  }

  private store(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
  }

  private evict(): void {
    const max = this.o.maxBytes ?? 64 * 1024 * 1024;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= max || this.entries.size <= 1) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}

function makeAnswer(seq: number, key: string, body: unknown, headers: Record<string, string>): CachedAnswer {
  const json = Buffer.from(JSON.stringify(body));
  const digest = crypto.createHash('sha1').update(key).digest('base64url').slice(0, 12);
  const forms = new Map<'br' | 'gzip', Promise<Buffer>>();
  return {
    etag: `W/"c${seq}-${digest}"`,
    json,
    headers,
    encoded(encoding) {
      let form = forms.get(encoding);
      if (!form) {
        form =
          encoding === 'br'
            ? brotli(json, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
                },
              })
            : gzip(json, { level: 6 });
        forms.set(encoding, form);
      }
      return form;
    },
  };
}
