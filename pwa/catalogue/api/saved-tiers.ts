/**
 * The saved pricing tiers of a page of cards, by course, read with one IndexedDB query for the
 * whole page and followed as the background sync fills the copy (one live query per page, never
 * one per card).
 */
import { useEffect, useMemo, useState } from 'react';
import type { PricingTier } from '@contracts/catalogue';
import { observeCatalogue } from '@pwa/offline/open-catalogue-db';
import { readSavedTiers } from '@pwa/offline/saved-catalogue';

export type TiersByCourse = ReadonlyMap<string, readonly PricingTier[]>;

/**
 * Undefined until the saved copy has been read (and when `enabled` is false). While another page's
 * tiers are read, the previous answer stays: a course it does not cover reads as undefined.
 */
export function useSavedTiers(courseIds: readonly string[], enabled = true): TiersByCourse | undefined {
  const key = courseIds.join(',');
  const ids = useMemo(() => (key ? key.split(',') : []), [key]);
  const [tiers, setTiers] = useState<TiersByCourse>();
  const active = enabled && ids.length > 0;
  useEffect(() => {
    if (!active) return;
    return observeCatalogue((db) => readSavedTiers(db, ids), setTiers);
  }, [active, ids]);
  return active ? tiers : undefined;
}
