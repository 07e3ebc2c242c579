import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents } from './money';

describe('money', () => {
  it('formats cents as decimal strings', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(129900)).toBe('1299.00');
    expect(centsToDecimal(34899)).toBe('348.99');
  });

  it('parses decimal strings and numbers into cents without float drift', () => {
    expect(decimalToCents('1299.00')).toBe(129900);
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents(19.99)).toBe(1999);
    expect(decimalToCents('348')).toBe(34800);
  });

  it('rejects malformed amounts', () => {
    for (const bad of ['-1.00', '1.999', 'abc', '']) expect(() => decimalToCents(bad)).toThrow(RangeError);
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});
