import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatAfter } from './repeat';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('repeatAfter', () => {
  it('runs now, then again the given time after each run has finished, never two at once', async () => {
    const starts: number[] = [];
    let running = 0;
    let most = 0;
    const stop = repeatAfter(15_000, async () => {
      starts.push(Date.now());
      running += 1;
      most = Math.max(most, running);
      // The first run is slow (20 s): the next one waits for it, then 15 s more.
      await new Promise((resolve) => setTimeout(resolve, starts.length === 1 ? 20_000 : 1_000));
      running -= 1;
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(60_000);
    stop();
    expect(starts.map((at) => at - start)).toEqual([0, 35_000, 51_000]);
    expect(most).toBe(1);
  });

  it('goes on after a run that failed, and stops when asked', async () => {
    const task = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = repeatAfter(15_000, task);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(task).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(2);
  });
});
