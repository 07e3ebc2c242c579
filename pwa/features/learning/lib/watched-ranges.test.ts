import { describe, expect, it } from 'vitest';
import { advanceFurthest, isSkipAhead } from './no-skipping';
import { credentialOf, withCredential } from './media-credential';
import { playerAction } from './player-keys';
import { formatClock } from './time-format';
import { inChunks, WatchedRanges } from './watched-ranges';

/** Plays from `from` to `to` in timeupdate steps of `step` seconds. */
function play(tracker: WatchedRanges, from: number, to: number, step = 0.25) {
  for (let t = from; t <= to + 1e-9; t += step) tracker.observe(Math.round(t * 1000) / 1000);
}

describe('WatchedRanges', () => {
  it('turns continuous playing into one range', () => {
    const tracker = new WatchedRanges(600);
    play(tracker, 0, 30);
    expect(tracker.take()).toEqual([[0, 30]]);
    expect(tracker.hasPending()).toBe(false);
  });

  it('keeps separate stretches apart and does not count a seek as watching', () => {
    const tracker = new WatchedRanges(600);
    play(tracker, 0, 10);
    tracker.interrupt(); // seeking
    play(tracker, 100, 110);
    // a jump without a seek event (a long stall) is not watching either
    play(tracker, 200, 205);
    expect(tracker.take()).toEqual([
      [0, 10],
      [100, 110],
      [200, 205],
    ]);
  });

  it('merges stretches that touch or overlap, in any order', () => {
    const tracker = new WatchedRanges(600);
    play(tracker, 50, 60);
    tracker.interrupt();
    play(tracker, 20, 40);
    tracker.interrupt();
    play(tracker, 40.5, 52); // within a second of the earlier range: joined
    expect(tracker.take()).toEqual([[20, 60]]);
  });

  it('counts 2× playback and ignores going backwards', () => {
    const tracker = new WatchedRanges(600);
    play(tracker, 0, 10, 0.5);
    tracker.observe(3); // backwards without a seek event: not watching
    play(tracker, 3, 4, 0.5);
    expect(tracker.take()).toEqual([[0, 10]]);
  });

  it('clips to the duration, and takes what a failed report puts back', () => {
    const tracker = new WatchedRanges(20);
    play(tracker, 15, 21);
    const taken = tracker.take();
    expect(taken).toEqual([[15, 20]]);
    play(tracker, 0, 5);
    tracker.restore(taken);
    expect(tracker.take()).toEqual([
      [0, 5],
      [15, 20],
    ]);
  });

  it('splits a report into parts the server takes', () => {
    const ranges = Array.from({ length: 5 }, (_, i): [number, number] => [i * 10, i * 10 + 1]);
    expect(inChunks(ranges, 2).map((c) => c.length)).toEqual([2, 2, 1]);
    expect(inChunks([], 2)).toEqual([[]]);
  });
});

describe('no skipping ahead', () => {
  it('grows the furthest point only by watching on from it', () => {
    let furthest = 0;
    let previous: number | null = null;
    for (let t = 0; t <= 20; t += 0.25) {
      furthest = advanceFurthest(furthest, previous, t);
      previous = t;
    }
    expect(furthest).toBe(20);
    // a jump ahead (had a seek got through) does not move it
    expect(advanceFurthest(furthest, 20, 90)).toBe(20);
    // watching again an earlier part does not either
    expect(advanceFurthest(furthest, 5, 5.25)).toBe(20);
  });

  it('refuses a seek past the furthest point (a second of tolerance) and allows going back', () => {
    expect(isSkipAhead(30, 20)).toBe(true);
    expect(isSkipAhead(20.5, 20)).toBe(false);
    expect(isSkipAhead(3, 20)).toBe(false);
  });
});

describe('media credentials in addresses', () => {
  const old = '1767225600.0d3c7e2a-8d1b-4c8e-9b0a-123456789abc.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
  const fresh = '1767226200.0d3c7e2a-8d1b-4c8e-9b0a-123456789abc.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

  it('finds the credential segment and swaps it in later requests, relative segment paths included', () => {
    expect(credentialOf(`/media/lessons/L1/${old}/master.m3u8`)).toBe(old);
    expect(withCredential(`http://127.0.0.1:4319/media/lessons/L1/${old}/720p/seg_00012.m4s`, fresh)).toBe(
      `http://127.0.0.1:4319/media/lessons/L1/${fresh}/720p/seg_00012.m4s`,
    );
    expect(withCredential('/api/lessons/L1/playback', fresh)).toBe('/api/lessons/L1/playback');
    expect(withCredential(`/media/lessons/L1/${old}/poster.jpg`, null)).toBe(`/media/lessons/L1/${old}/poster.jpg`);
  });
});

describe('player keys', () => {
  it('maps the shortcuts, leaves Space on a button and modified keys alone', () => {
    expect(playerAction({ key: ' ', targetTag: 'INPUT' })).toBe('toggle-play');
    expect(playerAction({ key: ' ', targetTag: 'BUTTON' })).toBeNull();
    expect(playerAction({ key: 'K', targetTag: 'BUTTON' })).toBe('toggle-play');
    expect(playerAction({ key: 'ArrowLeft' })).toBe('back');
    expect(playerAction({ key: 'ArrowRight' })).toBe('forward');
    expect(playerAction({ key: 'f' })).toBe('fullscreen');
    expect(playerAction({ key: 'c' })).toBe('captions');
    expect(playerAction({ key: 'm' })).toBe('mute');
    expect(playerAction({ key: 'f', ctrlKey: true })).toBeNull();
    expect(playerAction({ key: 'x' })).toBeNull();
  });

  it('formats player times', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.7)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
