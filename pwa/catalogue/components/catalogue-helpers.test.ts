import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Course, PricingTier } from '@contracts/catalogue';
import { courseTypeBadgeLabel } from './course-labels';
import { pickDefaultTier, toCartItem } from './course-tiers';
import { MAX_QUANTITY, MIN_QUANTITY, normalizeQuantity } from './quantity-selector';

const course = { id: 'c1', title: 'GMP Basics', price: '1299.00', type: 'live_seminar', code: 'GMP-1', image: '/images/courses/gmp.svg' } as Course;

function tier(overrides: Partial<PricingTier>): PricingTier {
  return {
    id: 't',
    courseId: 'c1',
    name: 'Tier',
    price: '100.00',
    description: null,
    features: [],
    isDefault: false,
    tierLevel: 1,
    sortOrder: 1,
    ...overrides,
  };
}

describe('course type badge', () => {
  it('uses the spec labels, with "Recording" for every recorded type', () => {
    expect(courseTypeBadgeLabel('live_seminar')).toBe('Live Seminar');
    expect(courseTypeBadgeLabel('live_webinar')).toBe('Live Webinar');
    expect(courseTypeBadgeLabel('webinar')).toBe('Webinar');
    expect(courseTypeBadgeLabel('recorded_webinar')).toBe('Recording');
    expect(courseTypeBadgeLabel('recorded_seminar')).toBe('Recording');
    expect(courseTypeBadgeLabel('recorded_course')).toBe('Recording');
  });
});

describe('tier quantity', () => {
  it('keeps 1 to 99, clamps numbers outside and turns anything non-numeric into 1', () => {
    expect(normalizeQuantity('1')).toBe(1);
    expect(normalizeQuantity('42')).toBe(42);
    expect(normalizeQuantity('99')).toBe(MAX_QUANTITY);
    expect(normalizeQuantity('100')).toBe(MAX_QUANTITY);
    expect(normalizeQuantity('0')).toBe(MIN_QUANTITY);
    expect(normalizeQuantity('abc')).toBe(1);
    expect(normalizeQuantity('3x')).toBe(1);
    expect(normalizeQuantity('-4')).toBe(1);
    expect(normalizeQuantity('2.5')).toBe(1);
    expect(normalizeQuantity('')).toBe(1);
    expect(normalizeQuantity(' 7 ')).toBe(7);
  });
});

describe('card quick add', () => {
  it('picks the default tier, else the lowest tierLevel, else none', () => {
    const basic = tier({ id: 'a', tierLevel: 1 });
    const plus = tier({ id: 'b', tierLevel: 2, isDefault: true });
    const team = tier({ id: 'c', tierLevel: 3 });
    expect(pickDefaultTier([team, basic, plus])).toBe(plus);
    expect(pickDefaultTier([team, { ...basic, tierLevel: 2 }, { ...plus, isDefault: false, tierLevel: 1 }])?.id).toBe('b');
    expect(pickDefaultTier([])).toBeUndefined();
  });

  it('builds the cart line of a course and of a tier ("{title} - {tier name}" at the tier price)', () => {
    expect(toCartItem(course)).toEqual({
      courseId: 'c1',
      title: 'GMP Basics',
      price: 1299,
      type: 'live_seminar',
      code: 'GMP-1',
      image: '/images/courses/gmp.svg',
    });
    expect(toCartItem(course, tier({ id: 't2', name: 'Team of 3', price: '3499.50' }))).toEqual(
      expect.objectContaining({ courseId: 'c1', pricingTierId: 't2', pricingTierName: 'Team of 3', title: 'GMP Basics - Team of 3', price: 3499.5 }),
    );
  });
});
