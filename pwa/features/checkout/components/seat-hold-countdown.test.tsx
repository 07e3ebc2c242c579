// @vitest-environment jsdom
/** The seat hold's countdown: it changes as each minute runs out (not up to 5 s later) and offers to hold the seats again at the end. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTickIn, SeatHoldNotice } from './seat-hold-notice';

const START = Date.parse('2026-11-22T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const shown = () => screen.queryByRole('status')?.textContent ?? '';

describe('SeatHoldNotice', () => {
  it('looks again at each whole 5 seconds of the time left', () => {
    expect(nextTickIn('2026-11-22T10:02:03.000Z', START)).toBe(3_000);
    expect(nextTickIn('2026-11-22T10:02:00.000Z', START)).toBe(5_000);
    expect(nextTickIn('2026-11-22T09:59:58.000Z', START)).toBe(5_000);
  });

  it('counts down in whole minutes as each runs out, then offers to hold the seats again', async () => {
    // 2 minutes 3 seconds: "3 minutes left" until 3 s have passed.
    render(
      <FluentProvider theme={webLightTheme}>
        <SeatHoldNotice expiresAt="2026-11-22T10:02:03.000Z" onRenew={() => undefined} />
      </FluentProvider>,
    );
    expect(shown()).toContain('(3 minutes left)');
    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(shown()).toContain('(3 minutes left)');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shown()).toContain('(2 minutes left)');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(shown()).toContain('(1 minute left)');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('Your seat hold has expired, so the seats may go to someone else.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hold seats again' })).toBeTruthy();
    // Nothing is left ticking once the hold has run out.
    expect(vi.getTimerCount()).toBe(0);
  });
});
