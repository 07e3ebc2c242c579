/** The waiting entries' ids in their new order after moving one up or down (the list's PUT takes all of them). */
export type Direction = 'up' | 'down';

export function movedOrder(ids: readonly string[], id: string, direction: Direction): string[] | null {
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
