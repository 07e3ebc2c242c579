import { describe, expect, it } from 'vitest';
import { movedOrder } from './move-entry';

describe('movedOrder', () => {
  it('swaps the entry with its neighbour, keeping every other place', () => {
    expect(movedOrder(['a', 'b', 'c', 'd'], 'c', 'up')).toEqual(['a', 'c', 'b', 'd']);
    expect(movedOrder(['a', 'b', 'c', 'd'], 'b', 'down')).toEqual(['a', 'c', 'b', 'd']);
  });

  it('moves nothing past either end, nor an entry that is not waiting', () => {
    expect(movedOrder(['a', 'b'], 'a', 'up')).toBeNull();
    expect(movedOrder(['a', 'b'], 'b', 'down')).toBeNull();
    expect(movedOrder(['a', 'b'], 'x', 'up')).toBeNull();
  });
});
