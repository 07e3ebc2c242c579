/**
 * Lesson videos (issue 29, points 3 and 4): resumable uploads (tus) that become `video_assets`
 * rows when finished, and their transcoding as the queued job `transcode-video`. Queueing is a
 * conditional UPDATE (uploaded|failed → queued) and the job's insert in one transaction: however
 * often a lesson is saved with the upload, or Retry is pressed, one job runs per round. The first
 * job is keyed by the asset id; a retry's by the asset id and a fresh suffix (the first one's key
 * is taken for good).
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import type { Knex } from 'knex';
import type { VideoState } from '@contracts/learning';
import { QueuedJob, VideoAsset, type VideoStatus } from '@db/models';
import { transaction } from '@db/transaction';
import { AppError } from '../../errors';
import { enqueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import type { RecordAnswer } from '../platform/idempotency-service';
import type { IncomingVideos } from './incoming';
import { TRANSCODE_VIDEO } from './transcode-kind';
import type { TranscodeAttempt, Transcoder } from './transcoder';
import { UPLOAD_GONE_MESSAGE } from './transcoder';
import { createTusUploads, type TusUploads } from './tus-uploads';
import { DatabaseUploadLocker } from './upload-locker';

/** An unfinished upload is deleted once nothing has arrived for it for this long. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60_000;
/** A finished upload no lesson took (never queued) is deleted this long after it finished. */
export const UNATTACHED_KEPT_MS = 7 * 24 * 60 * 60_000;

export const VIDEO_MESSAGES = {
  notFound: 'Video upload not found',
  notFinished: 'The video upload is not finished yet. Let it finish, then attach it.',
  notFailed: 'Only a video whose transcoding failed can be retried.',
  unattachedDeleted: 'The upload was deleted because no lesson used it within 7 days. Please upload the video again.',
} as const;

/** What the back office shows of an upload: `VideoState` and the asset's facts. */
export interface VideoAssetState extends VideoState {
  id: string;
  sizeBytes: number | null;
  width: number | null;
  height: number | null;
  renditions: Array<{ name: string; width: number; height: number }>;
}

export interface VideoServiceOptions {
  knex: Knex;
  clock: Clock;
  logger: Logger;
  incoming: IncomingVideos;
  transcoder: Transcoder;
  maxBytes: number;
}

const stateOf = (v: VideoAsset): VideoAssetState => ({
  id: v.id,
  status: v.status,
  progress: v.progress,
  durationSeconds: v.durationSeconds,
  error: v.error,
  sizeBytes: v.sizeBytes === null ? null : Number(v.sizeBytes),
  width: v.width,
  height: v.height,
  renditions: (v.renditions ?? []).map(({ name, width, height }) => ({ name, width, height })),
});

export class VideoService {
  readonly uploads: TusUploads;
  readonly locker: DatabaseUploadLocker;

  constructor(private readonly o: VideoServiceOptions) {
    this.locker = new DatabaseUploadLocker({ knex: o.knex, clock: o.clock, logger: o.logger });
    this.uploads = createTusUploads({
      incoming: o.incoming,
      locker: this.locker,
      maxBytes: o.maxBytes,
      logger: o.logger,
      finished: (id, size, userId) => this.recordUpload(id, size, userId),
    });
  }

  /** Answers one tus request on /api/uploads/video for a member of staff. */
  handleUpload(req: http.IncomingMessage, res: http.ServerResponse, userId: string): Promise<void> {
    return this.uploads.handle(req, res, userId);
  }

  /** The upload's state; 404 for an id no finished upload has. */
  async state(assetId: string): Promise<VideoAssetState> {
    const asset = await VideoAsset.query(this.o.knex).findById(assetId);
    if (!asset) throw AppError.notFound(VIDEO_MESSAGES.notFound);
    return stateOf(asset);
  }

  /**
   * Queues the finished upload's transcode (uploaded or failed → queued, one job). Queued,
   * processing or ready: nothing to do. A failed one whose file is gone stays failed (its reason
   * says why). Unfinished: 400; unknown: 404.
   */
  async queueTranscode(assetId: string): Promise<void> {
    await this.queue(assetId, ['uploaded', 'failed'], false);
  }

  /**
   * The admin's Retry of a failed transcode: queued again (a repeat while it is queued or running
   * changes nothing); 409 otherwise. A transcode whose job gave up without ending it (its runners
   * kept dying: the queue marks it dead) is left queued or processing: Retry takes it up again.
   */
  async retry(assetId: string, record?: RecordAnswer<VideoAssetState>): Promise<VideoAssetState> {
    const live = await QueuedJob.query(this.o.knex)
      .where('name', TRANSCODE_VIDEO.name)
      .where((q) => q.where('job_key', assetId).orWhere('job_key', 'like', `${assetId}:%`))
      .whereIn('status', ['queued', 'running'])
      .first();
    return this.queue(assetId, live ? ['failed'] : ['failed', 'queued', 'processing'], true, record);
  }

  /** One attempt of the `transcode-video` job. */
  transcode(assetId: string, run: TranscodeAttempt): Promise<void> {
    return this.o.transcoder.attempt(assetId, run);
  }

  private async queue(assetId: string, from: VideoStatus[], strict: boolean, record?: RecordAnswer<VideoAssetState>): Promise<VideoAssetState> {
    const asset = await VideoAsset.query(this.o.knex).findById(assetId);
    if (!asset) {
      if (await this.o.incoming.exists(assetId)) throw AppError.badRequest(VIDEO_MESSAGES.notFinished);
      throw AppError.notFound(VIDEO_MESSAGES.notFound);
    }
    const gone = asset.status === 'failed' && !(await this.o.incoming.exists(assetId));
    if (strict) {
      if (asset.status === 'ready' || asset.status === 'uploaded') throw AppError.conflict(VIDEO_MESSAGES.notFailed);
      if (gone) throw AppError.conflict(asset.error ?? UPLOAD_GONE_MESSAGE);
    }
    return transaction(this.o.knex, async (trx) => {
      const nowIso = this.o.clock().toISOString();
      const moved =
        !gone &&
        (await VideoAsset.query(trx).findById(assetId).whereIn('status', from).patch({ status: 'queued', progress: 0, error: null, updatedAt: nowIso })) === 1;
      if (moved) {
        const key = asset.status === 'uploaded' ? assetId : `${assetId}:retry-${crypto.randomUUID()}`;
        await enqueue(trx, TRANSCODE_VIDEO, { assetId }, key, { now: this.o.clock() });
      }
      const state = stateOf((await VideoAsset.query(trx).findById(assetId))!);
      await record?.(trx, state);
      return state;
    });
  }

  /** Deletes uploads never finished whose bytes stopped arriving `idleMs` ago (a finished one has its asset and stays); answers how many. */
  async pruneAbandonedUploads(idleMs = ABANDONED_AFTER_MS): Promise<number> {
    const idle = await this.o.incoming.idleSince(new Date(this.o.clock().getTime() - idleMs));
    if (idle.length === 0) return 0;
    const finished = new Set((await VideoAsset.query(this.o.knex).whereIn('id', idle).select('id')).map((row) => row.id));
    const abandoned = idle.filter((id) => !finished.has(id));
    for (const id of abandoned) await this.o.incoming.remove(id);
    return abandoned.length;
  }

  /**
   * Deletes the bytes of finished uploads that no lesson took `keptMs` after they finished (never
   * queued: attaching one queues it); answers how many. The asset stays, failed with the reason, so a lesson that takes it at that very
   * moment shows why rather than pointing at nothing: the conditional UPDATE (still `uploaded`,
   * still in no lesson) decides, and a queued or running transcode is never touched.
   */
  async pruneUnattachedUploads(keptMs = UNATTACHED_KEPT_MS): Promise<number> {
    const now = this.o.clock();
    const cutoff = new Date(now.getTime() - keptMs).toISOString();
    const inNoLesson = (query: Knex.QueryBuilder) =>
      query.whereNotExists((lessons) => lessons.select(1).from('lessons').whereRaw('lessons.video_asset_id = video_assets.id'));
    const candidates = await VideoAsset.query(this.o.knex).where('status', 'uploaded').where('updated_at', '<', cutoff).where(inNoLesson).select('id');
    let deleted = 0;
    for (const { id } of candidates) {
      const patch = { status: 'failed' as const, error: VIDEO_MESSAGES.unattachedDeleted, updatedAt: now.toISOString() };
      const taken = await transaction(this.o.knex, async (trx) =>
        VideoAsset.query(trx).findById(id).where('status', 'uploaded').where('updated_at', '<', cutoff).where(inNoLesson).patch(patch),
      );
      if (taken !== 1) continue;
      await this.o.incoming.remove(id).catch((error) => this.o.logger.error('Could not delete an unattached video upload', { id, error: String(error) }));
      deleted++;
    }
    return deleted;
  }

  /** A finished upload becomes its asset, once (a repeated last PATCH finds it recorded). */
  private async recordUpload(id: string, sizeBytes: number, userId: string | null): Promise<void> {
    const nowIso = this.o.clock().toISOString();
    await VideoAsset.insertMany(
      this.o.knex,
      [{ id, status: 'uploaded', progress: 0, sizeBytes, uploadedBy: userId, createdAt: nowIso, updatedAt: nowIso } as Partial<VideoAsset>],
      { ignoreConflictsOn: ['id'] },
    );
  }
}
