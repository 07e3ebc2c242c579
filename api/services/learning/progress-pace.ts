/**
 * Watched time only as fast as it can have been watched (the player's say-so alone never makes
 * percent watched). Per person and lesson the server keeps `pacedAt`: the moment by which
 * everything it accepted could have been watched at the player's fastest speed. A report may add
 * what the time since then allows at that speed (plus a little slack); seconds beyond it are not
 * counted — the earliest new seconds are kept, so watching from the start stays contiguous — and
 * `pacedAt` moves on by what was added. Time not used is not lost: a backlog sent after being
 * offline has the time since the last report on its side, and a report sent in parts or beside
 * another still adds up. Many reports in a row cannot add slack to slack: all the watching ever
 * accepted stays within the fastest speed × the time since the first report, plus the slack.
 */
import { MAX_PLAYBACK_RATE, PROGRESS_INTERVAL_SECONDS } from '@contracts/learning';
import { coveredSeconds, mergeRanges, type Range } from '@contracts/learning-ranges';

/** Watching taken beyond the pace: the time between two reports as sent and as received may differ. */
export const PACE_SLACK_SECONDS = 10;
/** A person's first report for a lesson may hold what one reporting interval can, at the fastest speed. */
export const FIRST_REPORT_SECONDS = PROGRESS_INTERVAL_SECONDS;

/** Pieces shorter than this (rounding) are nothing. */
const EPSILON = 1e-6;

/** What of `ranges` lies outside `minus` (both merged and sorted). */
export function subtractRanges(ranges: readonly Range[], minus: readonly Range[]): Range[] {
  const out: Range[] = [];
  let j = 0;
  for (const [from, to] of ranges) {
    let start = from;
    while (j < minus.length && minus[j]![1] <= start) j++;
    while (j < minus.length && minus[j]![0] < to) {
      const [cutFrom, cutTo] = minus[j]!;
      if (cutFrom - start > EPSILON) out.push([start, cutFrom]);
      start = Math.max(start, cutTo);
      if (cutTo > to) break;
      j++;
    }
    if (to - start > EPSILON) out.push([start, to]);
  }
  return out;
}

/** The earliest `seconds` of `ranges` (sorted). */
export function firstSeconds(ranges: readonly Range[], seconds: number): Range[] {
  const out: Range[] = [];
  let left = seconds;
  for (const [from, to] of ranges) {
    if (left <= EPSILON) break;
    const take = Math.min(to - from, left);
    out.push([from, from + take]);
    left -= take;
  }
  return out;
}

/** When a first report's pace starts: one reporting interval before it arrives. */
export function firstPacedAt(now: Date): string {
  return new Date(now.getTime() - FIRST_REPORT_SECONDS * 1000).toISOString();
}

export interface Paced {
  /** What is kept: the offered ranges, less the new seconds the time does not allow. */
  ranges: Range[];
  /** The new seconds counted. */
  addedSeconds: number;
  pacedAt: string;
}

/**
 * `offered` (the kept ranges merged with a report's, clipped to the duration) paced against `kept`
 * (what the row held) at `now`, given the row's `pacedAt` (null: a first report).
 */
export function pace(o: { kept: readonly Range[]; offered: readonly Range[]; pacedAt: string | null; now: Date; durationSeconds: number }): Paced {
  const pacedAtMs = o.pacedAt ? Date.parse(o.pacedAt) : Date.parse(firstPacedAt(o.now));
  const allowance = Math.max(0, ((o.now.getTime() - pacedAtMs) / 1000) * MAX_PLAYBACK_RATE + PACE_SLACK_SECONDS);
  const added = subtractRanges(o.offered, o.kept);
  const ranges =
    coveredSeconds(added) <= allowance
      ? [...o.offered]
      : mergeRanges([...subtractRanges(o.offered, added), ...firstSeconds(added, allowance)], o.durationSeconds);
  // Joining the last piece kept to the next one may add a fraction of a second: it is counted too.
  const addedSeconds = coveredSeconds(subtractRanges(ranges, o.kept));
  return { ranges, addedSeconds, pacedAt: new Date(pacedAtMs + (addedSeconds / MAX_PLAYBACK_RATE) * 1000).toISOString() };
}
