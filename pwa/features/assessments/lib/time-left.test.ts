import { describe, expect, it } from 'vitest';
import { announcement, formatTimeLeft, markReached } from './time-left';
import { unansweredText } from './unanswered';

describe('the exam clock', () => {
  it('shows minutes and seconds, rounding up so 0:00 means the time is up', () => {
    expect(formatTimeLeft(30 * 60_000)).toBe('30:00');
    expect(formatTimeLeft(61_500)).toBe('1:02');
    expect(formatTimeLeft(0)).toBe('0:00');
    expect(formatTimeLeft(3_725_000)).toBe('1:02:05');
  });

  it('announces at 5 minutes and at 1 minute only', () => {
    expect(markReached(5 * 60_000 + 1)).toBeNull();
    expect(markReached(5 * 60_000)).toBe(5);
    expect(markReached(61_000)).toBe(5);
    expect(markReached(60_000)).toBe(1);
    expect([announcement(5), announcement(1)]).toEqual(['5 minutes left', '1 minute left']);
  });

  it('names the unanswered questions', () => {
    expect(unansweredText([])).toBe('');
    expect(unansweredText([4])).toBe('Question 4 is not answered.');
    expect(unansweredText([2, 5, 9])).toBe('Questions 2, 5 and 9 are not answered.');
  });
});
