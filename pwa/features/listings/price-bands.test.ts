import { describe, expect, it } from 'vitest';
import { PRICE_BANDS, findPriceBand, matchesPriceBand, type PriceBand, type PriceBandSetName } from './price-bands';

function band(set: PriceBandSetName, index: number): PriceBand {
  const found = PRICE_BANDS[set][index];
  if (!found) throw new Error(`no band ${index} in ${set}`);
  return found;
}

/** Which band indexes of the set a price falls in. */
function bandsOf(set: PriceBandSetName, price: string | number): number[] {
  return PRICE_BANDS[set].flatMap((candidate, index) => (matchesPriceBand(price, candidate) ? [index] : []));
}

describe('price bands', () => {
  it('labels the three sets as the storefront spec does', () => {
    expect(PRICE_BANDS.general.map((b) => b.label)).toEqual(['Under $100', '$100 - $500', 'Over $500']);
    expect(PRICE_BANDS.sessions.map((b) => b.label)).toEqual(['Under $500', '$500 to $1000', 'Over $1000']);
    expect(PRICE_BANDS.packs.map((b) => b.label)).toEqual(['Under $200', '$200 to $500', 'Over $500']);
  });

  it.each([
    ['general', '0.00', [0]],
    ['general', '99.99', [0]],
    ['general', '100.00', [1]],
    ['general', '100.01', [1]],
    ['general', '500.00', [1]],
    ['general', '500.01', [2]],
    ['sessions', '499.99', [0]],
    ['sessions', '500.00', [1]],
    ['sessions', '1000.00', [1]],
    ['sessions', '1000.01', [2]],
    ['packs', '199.99', [0]],
    ['packs', '200.00', [1]],
    ['packs', '500.00', [1]],
    ['packs', '500.01', [2]],
  ] as const)('%s: %s falls in band %j only', (set, price, expected) => {
    expect(bandsOf(set, price)).toEqual(expected);
  });

  it('puts every price in exactly one band of each set', () => {
    for (const set of Object.keys(PRICE_BANDS) as PriceBandSetName[]) {
      for (const price of [0, 1, 99.5, 100, 150, 199.99, 200, 499.99, 500, 500.01, 999, 1000, 1000.01, 25000]) {
        expect(bandsOf(set, price)).toHaveLength(1);
      }
    }
  });

  it('accepts numbers as well as decimal strings', () => {
    expect(matchesPriceBand(100, band('general', 1))).toBe(true);
    expect(matchesPriceBand(1299, band('sessions', 2))).toBe(true);
  });

  it('matches everything without a band and nothing for an unparsable price', () => {
    expect(matchesPriceBand('12.00', undefined)).toBe(true);
    expect(matchesPriceBand('12.00', null)).toBe(true);
    expect(matchesPriceBand('abc', band('general', 0))).toBe(false);
  });

  it('finds bands by id, with "all" and unknown ids meaning no band', () => {
    expect(findPriceBand('general', '100-500')).toBe(band('general', 1));
    expect(findPriceBand('packs', 'over-500')).toBe(band('packs', 2));
    expect(findPriceBand('general', 'all')).toBeUndefined();
    expect(findPriceBand('general', 'over-1000')).toBeUndefined();
    expect(findPriceBand('sessions', undefined)).toBeUndefined();
  });
});
