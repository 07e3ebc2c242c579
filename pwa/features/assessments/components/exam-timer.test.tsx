// @vitest-environment jsdom
/** The exam's clock: the figure counts down silently; the live region speaks at 5 and at 1 minute only; at zero the attempt is handed in once. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExamTimer } from './exam-timer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Exam timer', () => {
  it('announces 5 minutes and 1 minute left, and hands in once at zero', async () => {
    vi.useFakeTimers();
    const onTimeUp = vi.fn();
    const expiresAt = new Date(Date.now() + 5 * 60_000 + 2_000).toISOString();
    render(<ExamTimer expiresAt={expiresAt} onTimeUp={onTimeUp} running />);
    const live = screen.getByRole('status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByTestId('exam-time-left').textContent).toBe('5:02');
    expect(live.textContent).toBe('');

    await act(async () => void (await vi.advanceTimersByTimeAsync(3_000)));
    expect(live.textContent).toBe('5 minutes left');
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    expect(screen.getByTestId('exam-time-left').textContent).toBe('3:59');
    expect(live.textContent).toBe('5 minutes left');

    await act(async () => void (await vi.advanceTimersByTimeAsync(3 * 60_000)));
    expect(live.textContent).toBe('1 minute left');
    expect(onTimeUp).not.toHaveBeenCalled();

    await act(async () => void (await vi.advanceTimersByTimeAsync(62_000)));
    expect(screen.getByTestId('exam-time-left').textContent).toBe('0:00');
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(5_000)));
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });
});
