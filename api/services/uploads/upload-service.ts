/**
 * Image uploads (back-office spec §5, §7, §9). A ticket (`POST /api/objects/upload`) is one row:
 * single use (a conditional UPDATE takes it out of `pending`, in whichever process), bound by HMAC
 * to its id, uploader, size limit and expiry (local) or presigned by S3, and valid 10 minutes.
 * The original is checked by its bytes and re-encoded (`image-check.ts`) before the object is
 * `ready`; only ready objects (and the seeded `/images/…` files) may be referenced by a course or
 * an instructor. A sweep rejects abandoned tickets and removes images nothing references any more.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { UploadedObject, type UploadStatus } from '@db/models';
import { DEMO_COURSES, DEMO_INSTRUCTORS } from '@db/seeds/demo-catalogue-data';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
  UPLOAD_WIDTHS,
  uploadedImageId,
  uploadedImagePath,
  uploadedImageSize,
  type UploadRequest,
  type UploadTicket,
} from '@contracts/uploads';
import { AppError } from '../../errors';
import type { LocalObjectStore, ObjectStore, S3ObjectStore, StoredObject } from '../../integrations/object-store';
import type { Clock } from '../../lib/clock';
import { hmacBase64Url, safeEqualText } from '../../lib/crypto';
import type { Logger } from '../../logger';
import { checkAndEncodeImage } from './image-check';

export const TICKET_TTL_MS = 10 * 60_000;
/** An uploaded image nothing references is kept this long (a form may still be saved), then removed. */
export const UNREFERENCED_GRACE_MS = 24 * 60 * 60_000;

export const EXPIRED_MESSAGE = 'This upload address has expired or was already used. Please upload the image again.';

/** The artwork the demo catalogue ships with (and its fallbacks): the other paths a save may reference. */
const SEEDED_IMAGES = new Set<string>([
  '/images/course-fallback.svg',
  '/images/instructor-fallback.svg',
  ...DEMO_COURSES.flatMap((c) => [c.image, c.guestInstructor?.image]).filter((image): image is string => !!image),
  ...DEMO_INSTRUCTORS.map((i) => i.image),
]);

export interface UploadServiceOptions {
  knex: Knex;
  store: ObjectStore;
  /** Signs local upload addresses. */
  signingKey: Buffer;
  clock: Clock;
  logger: Logger;
}

const finishedNames = (id: string) => UPLOAD_WIDTHS.map((w) => uploadedImageSize(id, w).slice('/objects/uploads/'.length));

export class UploadService {
  constructor(private readonly o: UploadServiceOptions) {}

  private sign(id: string, userId: string, maxBytes: number, expires: number): string {
    return hmacBase64Url(this.o.signingKey, `${id}:${userId}:${maxBytes}:${expires}`);
  }

  /** A single-use upload address for this user; the hints refuse a wrong file before it is sent. */
  async createTicket(userId: string, hints: UploadRequest): Promise<UploadTicket> {
    if (hints.size !== undefined && hints.size > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge);
    if (hints.contentType !== undefined && !(UPLOAD_TYPES as readonly string[]).includes(hints.contentType.toLowerCase()))
      throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.notImage);
    const now = this.o.clock();
    const id = crypto.randomUUID();
    const expires = now.getTime() + TICKET_TTL_MS;
    const objectPath = uploadedImagePath(id);
    await UploadedObject.query(this.o.knex).insert({
      id,
      userId,
      status: 'pending',
      path: objectPath,
      maxBytes: MAX_UPLOAD_BYTES,
      sourceType: null,
      sourceBytes: null,
      width: null,
      height: null,
      expiresAt: new Date(expires).toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    const uploadURL =
      this.o.store.kind === 's3'
        ? await (this.o.store as S3ObjectStore).presignIncoming(id, TICKET_TTL_MS / 1000)
        : `/api/objects/uploads/${id}?expires=${expires}&signature=${this.sign(id, userId, MAX_UPLOAD_BYTES, expires)}`;
    return { uploadURL, objectPath, completeURL: `/api/objects/uploads/${id}/complete` };
  }

  /**
   * Local driver: the PUT of a ticket's file. The limit holds while streaming (the byte after
   * 10 MB ends it with 413 and nothing kept); an expired, reused or altered address is 403.
   */
  async receive(id: string, query: { expires?: string; signature?: string }, declaredLength: number | null, body: Readable): Promise<{ objectPath: string }> {
    const store = this.o.store;
    if (store.kind !== 'local') throw AppError.notFound('Not found');
    const row = await UploadedObject.query(this.o.knex).findById(id);
    const expires = Number(query.expires);
    const expected = row?.userId && /^\d{13}$/.test(query.expires ?? '') ? this.sign(id, row.userId, row.maxBytes, expires) : null;
    const valid =
      !!expected && safeEqualText(query.signature ?? '', expected) && new Date(expires).toISOString() === row!.expiresAt && expires > this.o.clock().getTime();
    if (!valid || !(await this.claim(id, 'pending', 'receiving', true))) throw new AppError('forbidden', EXPIRED_MESSAGE);
    if (declaredLength !== null && declaredLength > row!.maxBytes) return this.refuse(id, new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge));

    const file = (store as LocalObjectStore).incomingFile(id);
    let received = 0;
    const tooLarge = new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge);
    try {
      await pipeline(
        body,
        async function* limit(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            received += chunk.length;
            if (received > row!.maxBytes) throw tooLarge;
            yield chunk;
          }
        },
        fs.createWriteStream(file, { mode: 0o600 }),
      );
    } catch (error) {
      return this.refuse(id, error === tooLarge ? tooLarge : new AppError('bad_request', UPLOAD_MESSAGES.failed));
    }
    return this.finish(id);
  }

  /** After the PUT: checks and stores the object (S3), or reports the local one's state. Only the uploader may ask. */
  async complete(userId: string, id: string): Promise<{ objectPath: string }> {
    const row = await UploadedObject.query(this.o.knex).findById(id);
    if (!row || row.userId !== userId) throw AppError.notFound('Upload not found');
    if (row.status === 'ready') return { objectPath: row.path };
    if (row.status === 'pending' && this.o.store.kind === 's3') {
      if (!(await this.claim(id, 'pending', 'processing', false))) throw AppError.conflict('The image is still being processed. Please try again.');
      return this.finish(id);
    }
    if (row.status === 'pending') throw AppError.conflict('The image has not been uploaded yet.');
    if (row.status === 'receiving' || row.status === 'processing') throw AppError.conflict('The image is still being processed. Please try again.');
    throw new AppError('bad_request', UPLOAD_MESSAGES.unusable);
  }

  /** Checks the received original and writes its sizes; a refused file leaves nothing behind. */
  private async finish(id: string): Promise<{ objectPath: string }> {
    const { store } = this.o;
    const row = (await UploadedObject.query(this.o.knex).findById(id))!;
    const size = await store.incomingSize(id);
    if (size === null) return this.refuse(id, new AppError('bad_request', UPLOAD_MESSAGES.failed));
    // S3 cannot bound a presigned PUT's size: checked here, before anything is read.
    if (size > row.maxBytes) return this.refuse(id, new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge));
    let checked;
    try {
      checked = await checkAndEncodeImage(await store.readIncoming(id));
    } catch (error) {
      return this.refuse(id, error instanceof AppError ? error : new AppError('unsupported_media_type', UPLOAD_MESSAGES.notImage));
    }
    for (const { width, data } of checked.sizes) await store.putFinished(uploadedImageSize(id, width).slice('/objects/uploads/'.length), data);
    await UploadedObject.query(this.o.knex)
      .patch({
        status: 'ready',
        sourceType: checked.type,
        sourceBytes: size,
        width: checked.width,
        height: checked.height,
        updatedAt: this.o.clock().toISOString(),
      })
      .where('id', id)
      .whereIn('status', ['receiving', 'processing']);
    await store.deleteIncoming(id);
    return { objectPath: row.path };
  }

  private async refuse(id: string, error: AppError): Promise<never> {
    await UploadedObject.query(this.o.knex).patch({ status: 'rejected', updatedAt: this.o.clock().toISOString() }).where('id', id);
    await this.o.store.deleteIncoming(id).catch(() => undefined);
    throw error;
  }

  /** Moves a ticket from one state to the next if it is still there (and, if asked, not expired): true for the one caller that did. */
  private async claim(id: string, from: UploadStatus, to: UploadStatus, unexpired: boolean): Promise<boolean> {
    const nowIso = this.o.clock().toISOString();
    const query = UploadedObject.query(this.o.knex).patch({ status: to, updatedAt: nowIso }).where('id', id).where('status', from);
    if (unexpired) query.where('expires_at', '>', nowIso);
    return (await query) === 1;
  }

  /**
   * A course or instructor may reference only a checked upload or a seeded image; a value the
   * record already holds stays acceptable. 400 otherwise.
   */
  async assertUsable(knex: Knex, path: string | null | undefined, current?: string | null): Promise<void> {
    if (!path || path === current) return;
    const id = uploadedImageId(path);
    if (id) {
      const row = await UploadedObject.query(knex).findById(id);
      if (row?.status === 'ready' && row.path === path) return;
    } else if (SEEDED_IMAGES.has(path)) return;
    throw AppError.badRequest(UPLOAD_MESSAGES.unusable);
  }

  /** `GET /objects/uploads/{name}`: a checked upload's size, or null. */
  async read(name: string): Promise<(StoredObject & { etag: string }) | null> {
    const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-(\d{3,4}))?\.webp$/.exec(name);
    if (!match || !finishedNames(match[1]!).includes(name)) return null;
    // No database read on this hot path: finished sizes exist only for checked uploads (a ticket
    // abandoned mid-way, or an image swept away, has them deleted with it).
    const object = await this.o.store.getFinished(name);
    return object && { ...object, etag: `"${name}"` };
  }

  /**
   * Rejects tickets abandoned past their expiry (and deletes what they left), and removes ready
   * images no course or instructor has referenced for a day. Each row is taken by a conditional
   * UPDATE, so several processes may sweep at once.
   */
  async sweep(): Promise<{ abandoned: number; removed: number }> {
    const { knex, store, clock } = this.o;
    const now = clock();
    const nowIso = now.toISOString();
    let abandoned = 0;
    const stale = await UploadedObject.query(knex)
      .whereIn('status', ['pending', 'receiving', 'processing'])
      .where('expires_at', '<', new Date(now.getTime() - TICKET_TTL_MS).toISOString())
      .limit(500);
    for (const row of stale) {
      const taken = await UploadedObject.query(knex).patch({ status: 'rejected', updatedAt: nowIso }).where('id', row.id).where('status', row.status);
      if (taken !== 1) continue;
      abandoned += 1;
      // A ticket that crashed while its sizes were being written may have left some behind.
      await Promise.all([store.deleteIncoming(row.id), store.deleteFinished(finishedNames(row.id))]).catch((error) =>
        this.o.logger.warn('Upload sweep: files not deleted', { id: row.id, error: String(error) }),
      );
    }

    const unreferenced = (query: Knex.QueryBuilder) =>
      query
        .whereNotExists((q) => q.select(knex.raw('1')).from('courses').whereRaw('courses.image = uploaded_objects.path'))
        .whereNotExists((q) => q.select(knex.raw('1')).from('courses').whereRaw('courses.instructor_image = uploaded_objects.path'))
        .whereNotExists((q) => q.select(knex.raw('1')).from('instructors').whereRaw('instructors.image = uploaded_objects.path'));
    const cutoff = new Date(now.getTime() - UNREFERENCED_GRACE_MS).toISOString();
    const candidates = await unreferenced(knex('uploaded_objects').select('id').where('status', 'ready').where('updated_at', '<', cutoff).limit(500));
    let removed = 0;
    for (const { id } of candidates as Array<{ id: string }>) {
      // Re-checked in the UPDATE itself: a save that referenced it meanwhile keeps it.
      const taken = await unreferenced(knex('uploaded_objects').where('id', id).where('status', 'ready')).update({ status: 'deleted', updated_at: nowIso });
      if (taken !== 1) continue;
      removed += 1;
      await store.deleteFinished(finishedNames(id)).catch((error) => this.o.logger.warn('Upload sweep: object not deleted', { id, error: String(error) }));
    }
    return { abandoned, removed };
  }
}
