/**
 * What an upload holds, read by ffprobe: a video only when a real (not cover-art, not still-image)
 * video stream with a duration is found in one of the containers we accept. Anything else — a
 * renamed PNG, a zip, an audio file, an HLS playlist or a concat list pointing elsewhere — is not
 * a video. ffprobe and ffmpeg read the upload with a format and protocol whitelist, so no input
 * can make them open another file or an address.
 */
import { spawn } from 'node:child_process';

/** Containers a video upload may be (ffmpeg's demuxer names): MP4/MOV, MKV/WebM, AVI, MPEG-TS/PS, FLV, WMV, Ogg, MXF. */
export const INPUT_FORMATS = 'mov,mp4,matroska,webm,avi,mpegts,flv,mpeg,asf,ogg,mxf';

/** The options both binaries read an upload with. */
export const SAFE_INPUT = ['-protocol_whitelist', 'file', '-format_whitelist', INPUT_FORMATS];

export interface ProbedVideo {
  durationSeconds: number;
  /** As displayed (a 90°-rotated phone video: width and height swapped). */
  width: number;
  height: number;
  hasAudio: boolean;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number; still_image?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

/** Runs a binary and collects its output; rejects on a signal, a timeout or `signal`. */
export function runTool(
  file: string,
  args: string[],
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, timeout: options.timeoutMs, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-8000)));
    child.once('error', reject);
    child.once('close', (code, killed) => (code === null ? reject(new Error(`${file} stopped (${killed ?? 'killed'})`)) : resolve({ code, stdout, stderr })));
  });
}

const rotated = (stream: ProbeStream) => {
  const angle = Number(stream.tags?.rotate ?? stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0);
  return Math.abs(angle) % 180 === 90;
};

/** The upload's video facts, or null when it is not a video we can play. */
export async function probeVideo(ffprobePath: string, file: string, signal?: AbortSignal): Promise<ProbedVideo | null> {
  const { code, stdout } = await runTool(ffprobePath, ['-v', 'error', ...SAFE_INPUT, '-show_streams', '-show_format', '-of', 'json', file], {
    signal,
    timeoutMs: 120_000,
  });
  if (code !== 0) return null;
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return null;
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && !s.disposition?.still_image && s.width && s.height);
  const durationSeconds = Number(parsed.format?.duration ?? video?.duration ?? NaN);
  if (!video || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  const [width, height] = rotated(video) ? [video.height!, video.width!] : [video.width!, video.height!];
  return { durationSeconds, width, height, hasAudio: streams.some((s) => s.codec_type === 'audio') };
}
