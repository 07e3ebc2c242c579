/** A lesson's material limited to tiers: checking adds a tier, unchecking the last one means every tier again (null). */
import { describe, expect, it } from 'vitest';
import { toggledTiers } from './material-tiers';

describe('material limited to tiers', () => {
  it('adds and removes tiers, and none left is every tier', () => {
    expect(toggledTiers(null, 't1', true)).toEqual(['t1']);
    expect(toggledTiers(['t1'], 't2', true)).toEqual(['t1', 't2']);
    expect(toggledTiers(['t1', 't2'], 't1', false)).toEqual(['t2']);
    expect(toggledTiers(['t2'], 't2', false)).toBeNull();
    expect(toggledTiers(undefined, 't1', false)).toBeNull();
    expect(toggledTiers(['t1'], 't1', true)).toEqual(['t1']);
  });
});
