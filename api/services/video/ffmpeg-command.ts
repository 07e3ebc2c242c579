/**
 * The one ffmpeg command that makes a lesson's video (issue 29, point 4), from one decode of the
 * upload: HLS renditions of 360p, 720p and 1080p (never above the source: its shorter side
 * decides), 6 s MPEG-TS segments (a keyframe every 2 s in every rendition, so they switch
 * cleanly), a progressive MP4 with its index first (`faststart`, the same encode as the 720p
 * rendition — or the largest below it — written twice by the tee muxer) and a poster JPG. ffmpeg
 * runs in the output folder, so every output is a plain relative name:
 *
 *   master.m3u8 (written by us), {360p|720p|1080p}/index.m3u8, {rendition}/seg_00001.ts, video.mp4, poster.jpg
 */
import type { VideoRendition } from '@db/models';
import { SAFE_INPUT, type ProbedVideo } from './probe';

export const SEGMENT_SECONDS = 6;
const KEYFRAME_SECONDS = 2;

interface Rung {
  name: '360p' | '720p' | '1080p';
  /** The shorter side it is made at. */
  short: number;
  videoKbps: number;
  audioKbps: number;
  level: string;
  /** avc1 main profile at `level` (the master playlist's CODECS). */
  codec: string;
}

const LADDER: readonly Rung[] = [
  { name: '360p', short: 360, videoKbps: 800, audioKbps: 96, level: '3.0', codec: 'avc1.4d401e' },
  { name: '720p', short: 720, videoKbps: 2800, audioKbps: 128, level: '3.1', codec: 'avc1.4d401f' },
  { name: '1080p', short: 1080, videoKbps: 5000, audioKbps: 128, level: '4.0', codec: 'avc1.4d4028' },
];

export interface PlannedRendition extends VideoRendition {
  rung: Rung;
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The renditions for a source: every rung up to its shorter side; a source below 360p gets one rendition at its own size. */
export function planRenditions(source: Pick<ProbedVideo, 'width' | 'height' | 'hasAudio'>): PlannedRendition[] {
  const short = Math.min(source.width, source.height);
  const rungs = LADDER.filter((rung) => rung.short <= short);
  const chosen = rungs.length > 0 ? rungs : [{ ...LADDER[0]!, short: even(short) }];
  return chosen.map((rung) => {
    const scale = rung.short / short;
    const width = even(source.width * scale);
    const height = even(source.height * scale);
    const bandwidth = (rung.videoKbps + (source.hasAudio ? rung.audioKbps : 0)) * 1000;
    return { name: rung.name, width, height, bandwidth, rung };
  });
}

/** The rendition the MP4 and the poster are made from: 720p, or the largest below it. */
export function progressiveOf(renditions: PlannedRendition[]): PlannedRendition {
  return [...renditions].reverse().find((r) => r.rung.short <= 720) ?? renditions[0]!;
}

/** When the poster is taken: a little way in, never past the middle of a short video. */
export const posterSeconds = (durationSeconds: number) => Math.round(Math.min(2, durationSeconds / 3) * 1000) / 1000;

/** ffmpeg's arguments (run with the output folder as its working directory; the rendition folders must exist). */
export function transcodeArgs(input: string, source: ProbedVideo, renditions: PlannedRendition[]): string[] {
  const progressive = progressiveOf(renditions);
  const splits = renditions.map((_, i) => `[s${i}]`).join('');
  const filters = [
    `[0:v:0]split=${renditions.length + 1}${splits}[sp]`,
    ...renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height}[v${i}]`),
    `[sp]trim=start=${posterSeconds(source.durationSeconds)},scale=${progressive.width}:${progressive.height}[vp]`,
  ];
  const hls = (r: PlannedRendition) => ({
    hls_time: String(SEGMENT_SECONDS),
    hls_playlist_type: 'vod',
    hls_list_size: '0',
    start_number: '1',
    hls_segment_filename: `${r.name}/seg_%05d.ts`,
  });
  const outputs = renditions.flatMap((r, i) => {
    const encode = [
      '-map',
      `[v${i}]`,
      ...(source.hasAudio ? ['-map', '0:a:0'] : []),
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-level:v', r.rung.level, '-pix_fmt', 'yuv420p', '-crf', '23'],
      ...['-maxrate', `${r.rung.videoKbps}k`, '-bufsize', `${r.rung.videoKbps * 2}k`],
      ...['-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`, '-sc_threshold', '0'],
      ...(source.hasAudio ? ['-c:a', 'aac', '-b:a', `${r.rung.audioKbps}k`, '-ac', '2'] : []),
    ];
    if (r !== progressive) return [...encode, '-f', 'hls', ...Object.entries(hls(r)).flatMap(([k, v]) => [`-${k}`, v]), `${r.name}/index.m3u8`];
    // One encode, two files: the rendition's segments and the progressive MP4.
    const teeHls = Object.entries(hls(r))
      .map(([k, v]) => `${k}=${v}`)
      .join(':');
    return [...encode, '-flags', '+global_header', '-f', 'tee', `[f=hls:${teeHls}]${r.name}/index.m3u8|[f=mp4:movflags=+faststart]video.mp4`];
  });
  return [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-nostats', '-progress', 'pipe:1'],
    ...SAFE_INPUT,
    ...['-i', `file:${input}`],
    ...['-filter_complex', filters.join(';')],
    ...outputs,
    ...['-map', '[vp]', '-frames:v', '1', '-q:v', '3', 'poster.jpg'],
  ];
}

/** The master playlist: every rendition with its peak bandwidth, size and codecs. */
export function masterPlaylist(renditions: PlannedRendition[], hasAudio: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    const codecs = hasAudio ? `${r.rung.codec},mp4a.40.2` : r.rung.codec;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}"`, `${r.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}
