import { describe, expect, it } from 'vitest';
import { checkoutItemSchema } from '@contracts/checkout';
import { quoteLines } from './cart-quote';

describe('quoteLines', () => {
  it('asks for one line per course and tier with its seats, split at the contract bound', () => {
    const seat = (courseId: string, pricingTierId?: string) => ({ courseId, ...(pricingTierId ? { pricingTierId } : {}) });
    const lines = quoteLines([seat('a'), seat('b', 't'), seat('a'), ...Array.from({ length: 100 }, () => seat('c'))]);
    expect(lines).toEqual([
      { courseId: 'a', quantity: 2 },
      { courseId: 'b', pricingTierId: 't', quantity: 1 },
      { courseId: 'c', quantity: 99 },
      { courseId: 'c', quantity: 1 },
    ]);
    for (const line of lines) expect(checkoutItemSchema.shape.quantity.safeParse(line.quantity).success).toBe(true);
  });
});
