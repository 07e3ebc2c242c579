/**
 * The media a video's first frame needs, fetched into the browser's cache as soon as the playback
 * answer is there (`api/lesson-start.ts`), while the page is still rendering its player: the
 * master playlist, its lowest rendition's playlist (the player starts there: `startLevel: 0`) and
 * the segment at the resume point. hls.js then finds them in the cache (their addresses are the
 * same; media answers may be kept as long as their credential lives) instead of asking for them
 * one after the other once the <video> exists.
 */
import type { PlaybackAnswer } from '@contracts/learning';

/** The address of the rendition with the lowest BANDWIDTH in a master playlist (null: none). */
export function lowestRendition(master: string, masterUrl: string): string | null {
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  let best: { bandwidth: number; uri: string } | null = null;
  lines.forEach((line, at) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Number.POSITIVE_INFINITY);
    const uri = lines.slice(at + 1).find((next) => next && !next.startsWith('#'));
    if (uri && (!best || bandwidth < best.bandwidth)) best = { bandwidth, uri };
  });
  return best ? new URL((best as { uri: string }).uri, masterUrl).href : null;
}

/** The address of the segment of a media playlist that holds `seconds` (the last one past its end; null: none). */
export function segmentAt(playlist: string, playlistUrl: string, seconds: number): string | null {
  let start = 0;
  let duration: number | null = null;
  let last: string | null = null;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && duration !== null) {
      last = new URL(line, playlistUrl).href;
      if (seconds < start + duration) return last;
      start += duration;
      duration = null;
    }
  }
  return last;
}

const text = async (url: string) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} for ${url}`);
  return response.text();
};

/** Fetches the first frame's media into the cache; failures are the player's to meet later. */
export async function prefetchStartMedia(playback: PlaybackAnswer): Promise<void> {
  const manifestUrl = new URL(playback.manifestUrl, window.location.href).href;
  const rendition = lowestRendition(await text(manifestUrl), manifestUrl);
  if (!rendition) return;
  const segment = segmentAt(await text(rendition), rendition, playback.resumeAtSeconds);
  if (segment) await (await fetch(segment)).arrayBuffer();
}
