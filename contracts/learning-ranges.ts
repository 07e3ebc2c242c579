/**
 * Watched ranges (seconds): merged, sorted, clipped to the duration. The server merges what the
 * player reports into what it kept (idempotent, order-independent); the player uses the same rules
 * for what it tracks between reports.
 */
export type Range = [number, number];

/** Ranges closer than this are one (the gap between two `timeupdate`s). */
export const RANGE_JOIN_SECONDS = 1;

/** The union of `ranges`, clipped to [0, duration], sorted, touching ranges joined, empty ones dropped. */
export function mergeRanges(ranges: readonly Range[], durationSeconds = Infinity): Range[] {
  const clipped = ranges
    .map(([from, to]): Range => [Math.max(0, Math.min(from, durationSeconds)), Math.max(0, Math.min(to, durationSeconds))])
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const [from, to] of clipped) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + RANGE_JOIN_SECONDS) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged.map(([from, to]) => [round(from), round(to)]);
}

/** Seconds covered. */
export function coveredSeconds(ranges: readonly Range[]): number {
  return round(ranges.reduce((sum, [from, to]) => sum + (to - from), 0));
}

/** The end of the range that starts at 0 (what "no skipping ahead" counts): 0 when none does. */
export function contiguousFromStart(ranges: readonly Range[]): number {
  const first = ranges[0];
  return first && first[0] <= RANGE_JOIN_SECONDS ? first[1] : 0;
}

/** Whole percent of `durationSeconds` covered (0 for no duration). */
export function watchedPercent(ranges: readonly Range[], durationSeconds: number | null | undefined): number {
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return Math.min(100, Math.floor((coveredSeconds(ranges) / durationSeconds) * 100 + 1e-9));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
