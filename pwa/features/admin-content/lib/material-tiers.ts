/** Which tiers' buyers get a lesson's material: the lesson's `materialTierIds`, null meaning every tier. */

/** The tiers after one is checked or unchecked: null (every tier) when none is left. */
export function toggledTiers(current: readonly string[] | null | undefined, tierId: string, checked: boolean): string[] | null {
  const next = new Set(current ?? []);
  if (checked) next.add(tierId);
  else next.delete(tierId);
  return next.size ? [...next] : null;
}
