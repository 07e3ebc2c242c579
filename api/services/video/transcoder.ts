/**
 * One attempt of the `transcode-video` job for one upload. Every write is conditional on the
 * asset's state, so a stale or repeated job changes nothing: queued|processing → processing
 * (a run taken over after a crash starts again from the upload), progress while ffmpeg runs,
 * processing → ready once every output is in the media store, or → failed with the reason.
 * A file that is not a video fails at once and is deleted; ffmpeg's own failure keeps the upload
 * for the admin's Retry; any other error (the store, the database) is retried by the queue, and
 * fails the video on the last attempt. Work happens in a temporary folder, removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { LEARNING_MESSAGES } from '@contracts/learning';
import { VideoAsset, type VideoStatus } from '@db/models';
import type { MediaStore } from '../../integrations/media-store';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import { masterPlaylist, planRenditions, transcodeArgs } from './ffmpeg-command';
import { runFfmpeg, TranscodeFailure } from './ffmpeg-run';
import type { IncomingVideos } from './incoming';
import { probeVideo } from './probe';
import { TRANSCODE_MAX_ATTEMPTS, type TranscodeSettings } from './transcode-kind';

export const UPLOAD_GONE_MESSAGE = 'The uploaded file is no longer here. Please upload the video again.';

/** Progress is written at most this often (the first at once). */
const PROGRESS_WRITE_MS = 1000;

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
};

export interface TranscodeAttempt {
  signal: AbortSignal;
  /** 1 for the first. */
  attempt: number;
  tools: TranscodeSettings;
}

export interface TranscoderOptions {
  knex: Knex;
  clock: Clock;
  logger: Logger;
  store: MediaStore;
  incoming: IncomingVideos;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Transcoder {
  constructor(private readonly o: TranscoderOptions) {}

  /** One attempt; throws what the queue should retry (or what stopped it). */
  async attempt(assetId: string, run: TranscodeAttempt): Promise<void> {
    try {
      await this.run(assetId, run);
    } catch (error) {
      // Stopped (the process ends, or the lease was lost to another runner): the queue decides.
      if (run.signal.aborted) throw error;
      this.o.logger.warn('Transcode attempt failed', { assetId, attempt: run.attempt, error: errorText(error) });
      if (run.attempt >= TRANSCODE_MAX_ATTEMPTS) await this.fail(assetId, `Transcoding failed: ${errorText(error)}`.slice(0, 500));
      else await this.move(assetId, ['processing'], { status: 'queued', progress: 0 });
      throw error;
    }
  }

  private async run(assetId: string, run: TranscodeAttempt): Promise<void> {
    if (!(await this.move(assetId, ['queued', 'processing'], { status: 'processing', progress: 0, error: null }))) return;
    const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), `transcode-${assetId}-`));
    try {
      // What a run that died left in the store goes first.
      await this.o.store.deletePrefix(`videos/${assetId}/`);
      const input = await this.o.incoming.localFile(assetId, work, run.signal);
      if (!input) return void (await this.fail(assetId, UPLOAD_GONE_MESSAGE));
      const source = await probeVideo(run.tools.ffprobePath, input, run.signal);
      if (!source) {
        await this.fail(assetId, LEARNING_MESSAGES.notVideo);
        await this.o.incoming.remove(assetId);
        return;
      }
      const renditions = planRenditions(source);
      const out = path.join(work, 'out');
      for (const r of renditions) await fs.promises.mkdir(path.join(out, r.name), { recursive: true });
      const progress = this.progressWriter(assetId);
      try {
        await runFfmpeg(run.tools.ffmpegPath, transcodeArgs(input, source, renditions), {
          cwd: out,
          durationSeconds: source.durationSeconds,
          signal: run.signal,
          onProgress: progress.report,
        });
      } catch (error) {
        if (error instanceof TranscodeFailure) return void (await this.fail(assetId, error.message));
        throw error;
      } finally {
        await progress.settled();
      }
      await fs.promises.writeFile(path.join(out, 'master.m3u8'), masterPlaylist(renditions, source.hasAudio));
      await this.publish(assetId, out, run.signal);
      const ready = await this.move(assetId, ['processing'], {
        status: 'ready',
        progress: 100,
        error: null,
        durationSeconds: Math.round(source.durationSeconds * 1000) / 1000,
        width: source.width,
        height: source.height,
        renditions: renditions.map(({ name, width, height, bandwidth }) => ({ name, width, height, bandwidth })),
      });
      if (ready) await this.o.incoming.remove(assetId);
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  /** Copies every output into the store under `videos/{assetId}/`, the master playlist last. */
  private async publish(assetId: string, out: string, signal: AbortSignal): Promise<void> {
    const files = (await fs.promises.readdir(out, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort((a, b) => Number(a === 'master.m3u8') - Number(b === 'master.m3u8'));
    const master = files.pop()!;
    const put = (file: string) =>
      this.o.store.putFile(`videos/${assetId}/${file}`, path.join(out, file), CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
    // A few at a time (an S3 store's requests overlap).
    for (let i = 0; i < files.length; i += 4) {
      signal.throwIfAborted();
      await Promise.all(files.slice(i, i + 4).map(put));
    }
    await put(master);
  }

  /** Writes progress while ffmpeg reports it: at most once per PROGRESS_WRITE_MS, one write at a time. */
  private progressWriter(assetId: string) {
    let chain: Promise<unknown> = Promise.resolve();
    let lastWrite = 0;
    return {
      report: (percent: number) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        chain = chain.then(() =>
          this.move(assetId, ['processing'], { progress: percent }).catch((error) =>
            this.o.logger.warn('Could not record progress', { error: errorText(error) }),
          ),
        );
      },
      settled: () => chain,
    };
  }

  private fail(assetId: string, message: string): Promise<boolean> {
    return this.move(assetId, ['processing'], { status: 'failed', progress: 0, error: message });
  }

  /** A conditional UPDATE of the asset from one of `from`; true when it was this one's to make. */
  private async move(assetId: string, from: VideoStatus[], patch: Partial<VideoAsset>): Promise<boolean> {
    const changed = await VideoAsset.query(this.o.knex)
      .findById(assetId)
      .whereIn('status', from)
      .patch({ ...patch, updatedAt: this.o.clock().toISOString() });
    return changed === 1;
  }
}
