/**
 * The pace rule of progress (`api/services/learning/progress-pace.ts`) on its own: what of a report
 * is new, which new seconds are kept when the time does not allow them all, and how far the pace
 * moves on. Through HTTP in `learning-progress.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { firstSeconds, pace, subtractRanges } from '@api/services/learning/progress-pace';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, seconds));

describe('progress pace', () => {
  it('finds the new seconds of a report, whatever the ranges overlap', () => {
    expect(
      subtractRanges(
        [
          [0, 100],
          [200, 300],
        ],
        [
          [10, 20],
          [90, 210],
          [250, 260],
          [400, 500],
        ],
      ),
    ).toEqual([
      [0, 10],
      [20, 90],
      [210, 250],
      [260, 300],
    ]);
    expect(subtractRanges([[0, 10]], [])).toEqual([[0, 10]]);
    expect(subtractRanges([[0, 10]], [[0, 10]])).toEqual([]);
    expect(
      firstSeconds(
        [
          [0, 10],
          [20, 90],
        ],
        25,
      ),
    ).toEqual([
      [0, 10],
      [20, 35],
    ]);
  });

  it('keeps the earliest new seconds the time allows and moves the pace on by what it counted', () => {
    // 30 s since the pace at 2×, plus 10 s of slack: 70 s.
    const paced = pace({ kept: [[0, 100]], offered: [[0, 600]], pacedAt: at(0).toISOString(), now: at(30), durationSeconds: 600 });
    expect(paced).toEqual({ ranges: [[0, 170]], addedSeconds: 70, pacedAt: at(35).toISOString() });
    // At once again: 10 s of slack less the 5 s already taken.
    expect(pace({ kept: paced.ranges, offered: [[0, 600]], pacedAt: paced.pacedAt, now: at(30), durationSeconds: 600 }).ranges).toEqual([[0, 170]]);
  });

  it('counts a second joined across the cut, so it is not given twice', () => {
    // 10 s of slack allowed: the cut at 30 joins the range kept from 31 (ranges 1 s apart are one).
    const paced = pace({
      kept: [
        [0, 20],
        [31, 40],
      ],
      offered: [[0, 40]],
      pacedAt: at(0).toISOString(),
      now: at(0),
      durationSeconds: 600,
    });
    expect(paced.ranges).toEqual([[0, 40]]);
    expect(paced.addedSeconds).toBe(11);
    expect(paced.pacedAt).toBe(new Date(at(0).getTime() + 5500).toISOString());
  });
});
