import { describe, expect, it } from 'vitest';
import { minutesLeft } from './seat-hold-notice';

describe('minutesLeft', () => {
  it('rounds up to whole minutes and never goes below zero', () => {
    const expires = '2026-11-22T10:10:00.000Z';
    expect(minutesLeft(expires, Date.parse('2026-11-22T10:00:00.000Z'))).toBe(10);
    expect(minutesLeft(expires, Date.parse('2026-11-22T10:09:01.000Z'))).toBe(1);
    expect(minutesLeft(expires, Date.parse('2026-11-22T10:10:00.000Z'))).toBe(0);
    expect(minutesLeft(expires, Date.parse('2026-11-22T11:00:00.000Z'))).toBe(0);
  });
});
