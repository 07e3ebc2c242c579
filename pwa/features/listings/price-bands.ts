/**
 * Price filter bands of the listings (storefront spec §5). Pure.
 * - general (/courses): under $100 (< 100), $100-$500 (100 to 500 inclusive), over $500 (> 500)
 * - sessions (seminars, webinars, recorded courses): under $500, $500 to $1000, over $1000
 * - packs: under $200, $200 to $500, over $500
 * Each middle band is inclusive at both ends; "under" is strictly below and "over" strictly above.
 */

export interface PriceBand {
  /** Stable value for selects and URLs. */
  id: string;
  label: string;
  /** Inclusive lower bound, when there is one. */
  min?: number;
  /** Inclusive upper bound, when there is one. */
  max?: number;
  /** Strict upper bound ("under"), when there is one. */
  below?: number;
  /** Strict lower bound ("over"), when there is one. */
  above?: number;
}

export type PriceBandSetName = 'general' | 'sessions' | 'packs';

function bandsFor(low: number, high: number, lowLabel: string, midLabel: string, highLabel: string): PriceBand[] {
  return [
    { id: `under-${low}`, label: lowLabel, below: low },
    { id: `${low}-${high}`, label: midLabel, min: low, max: high },
    { id: `over-${high}`, label: highLabel, above: high },
  ];
}

export const PRICE_BANDS: Record<PriceBandSetName, readonly PriceBand[]> = {
  general: bandsFor(100, 500, 'Under $100', '$100 - $500', 'Over $500'),
  sessions: bandsFor(500, 1000, 'Under $500', '$500 to $1000', 'Over $1000'),
  packs: bandsFor(200, 500, 'Under $200', '$200 to $500', 'Over $500'),
};

/** "all" (or no band) matches every price; an unparsable price matches only "all". */
export const ALL_PRICES = 'all';

export function matchesPriceBand(price: string | number, band: PriceBand | null | undefined): boolean {
  if (!band) return true;
  const value = typeof price === 'number' ? price : Number(price);
  if (!Number.isFinite(value)) return false;
  if (band.below !== undefined && !(value < band.below)) return false;
  if (band.above !== undefined && !(value > band.above)) return false;
  if (band.min !== undefined && value < band.min) return false;
  if (band.max !== undefined && value > band.max) return false;
  return true;
}

/** The band of a set with this id; undefined for "all" or an unknown id. */
export function findPriceBand(set: PriceBandSetName, id: string | null | undefined): PriceBand | undefined {
  if (!id || id === ALL_PRICES) return undefined;
  return PRICE_BANDS[set].find((band) => band.id === id);
}
