/**
 * The saved pricing tiers of a page of cards, by course, read with one IndexedDB query for the
 * whole page and followed as the background sync fills the copy (one live query per page, never
 * one per card).
 */
import { replaceEqualDeep } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { PricingTier } from '@contracts/catalogue';
import { observeCatalogue } from '@pwa/offline/catalogue/open-catalogue-db';
import { readSavedTiers } from '@pwa/offline/catalogue/saved-catalogue';

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
    return observeCatalogue(
      (db) => readSavedTiers(db, ids),
      (read) => setTiers((previous) => keepUnchanged(previous, read)),
    );
  }, [active, ids]);
  return active ? tiers : undefined;
}

/**
 * The new answer, with the list of any course whose tiers are as before taken from the previous
 * answer (TanStack Query's structural sharing): a card given the same list is not rendered again
 * (CourseCard is memoized), so reading the tiers of 24 cards added by "Show more" renders those
 * 24, not every card shown.
 */
function keepUnchanged(previous: TiersByCourse | undefined, read: Map<string, PricingTier[]>): TiersByCourse {
  if (!previous) return read;
  const kept = new Map<string, readonly PricingTier[]>();
  for (const [courseId, tiers] of read) {
    const before = previous.get(courseId);
    kept.set(courseId, before ? replaceEqualDeep(before, tiers) : tiers);
  }
  return kept;
}
