/** The card's dates and times are shown in each course's own time zone (storefront spec §2). */
import { describe, expect, it } from 'vitest';
import { formatCardPrice, formatCourseDate, formatCourseTime, formatMoney } from './format';

describe('course dates and times', () => {
  it('are shown in the course’s own time zone, each zone its own', () => {
    const late = '2026-03-05T03:30:00.000Z';
    expect(formatCourseDate(late, 'US/Pacific')).toBe('Mar 04, 26');
    expect(formatCourseDate(late, 'Europe/Berlin')).toBe('Mar 05, 26');
    expect(formatCourseDate(late, 'US/Pacific')).toBe('Mar 04, 26');
    expect(formatCourseTime(late, 'US/Eastern')).toBe('10:30 PM EST');
    expect(formatCourseTime(late, 'Asia/Tokyo')).toBe('12:30 PM GMT+9');
  });

  it('fall back to UTC for a missing or unknown zone, and show nothing for a missing or invalid date', () => {
    expect(formatCourseDate('2026-03-05T03:30:00.000Z', null)).toBe('Mar 05, 26');
    expect(formatCourseDate('2026-03-05T03:30:00.000Z', 'Mars/Olympus_Mons')).toBe('Mar 05, 26');
    expect(formatCourseTime('2026-03-05T03:30:00.000Z', 'Mars/Olympus_Mons')).toBe('3:30 AM UTC');
    expect(formatCourseDate(null, 'US/Eastern')).toBe('');
    expect(formatCourseDate('not a date', 'US/Eastern')).toBe('');
    expect(formatCourseTime(undefined)).toBe('');
  });
});

describe('prices', () => {
  it('on cards: grouped, decimals only when there are some, anything else as given', () => {
    expect(formatCardPrice('1299.00')).toBe('1,299');
    expect(formatCardPrice(1299.5)).toBe('1,299.5');
    expect(formatCardPrice('not a price')).toBe('not a price');
  });

  it('in the cart and profile: dollars with two decimals, nothing valid as $0.00', () => {
    expect(formatMoney('1299')).toBe('$1,299.00');
    expect(formatMoney(0.5)).toBe('$0.50');
    expect(formatMoney('not a price')).toBe('$0.00');
  });
});
