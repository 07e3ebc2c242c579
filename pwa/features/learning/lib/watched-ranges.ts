/**
 * What the player has watched since its last report: the steps between `timeupdate`s while it
 * plays, merged into ranges by the rule the server uses (`@contracts/learning-ranges`: touching
 * ranges joined, clipped to the duration). A jump (a seek, or a gap longer than a step can be) is
 * not watching; a report taken and not delivered is put back.
 */
import { mergeRanges, type Range } from '@contracts/learning-ranges';

/** The longest step between two `timeupdate`s that still counts as watching (2× speed, a slow tab). */
export const MAX_STEP_SECONDS = 3;

export class WatchedRanges {
  private pending: Range[] = [];
  private last: number | null = null;

  constructor(private readonly durationSeconds: number) {}

  /** The player's position while it plays (`timeupdate`). */
  observe(time: number): void {
    const last = this.last;
    this.last = time;
    if (last === null) return;
    const step = time - last;
    if (step <= 0 || step > MAX_STEP_SECONDS) return;
    this.pending = mergeRanges([...this.pending, [last, time]], this.durationSeconds);
  }

  /** A seek, a pause or a stall: the next position starts a new range. */
  interrupt(): void {
    this.last = null;
  }

  hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** The ranges watched since the last take (and forgets them). */
  take(): Range[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /** Ranges whose report was not delivered, merged back into what is pending. */
  restore(ranges: readonly Range[]): void {
    this.pending = mergeRanges([...this.pending, ...ranges], this.durationSeconds);
  }
}

/** A media element's `played` ranges as ranges (empty where the element has none). */
export function playedRanges(played: TimeRanges | undefined): Range[] {
  const ranges: Range[] = [];
  for (let i = 0; played && i < played.length; i++) if (played.end(i) > played.start(i)) ranges.push([played.start(i), played.end(i)]);
  return ranges;
}

/** Splits a report's ranges into reports the server takes (at most `max` ranges each). */
export function inChunks(ranges: readonly Range[], max: number): Range[][] {
  if (ranges.length === 0) return [[]];
  const chunks: Range[][] = [];
  for (let i = 0; i < ranges.length; i += max) chunks.push(ranges.slice(i, i + max));
  return chunks;
}
