/**
 * The clock of an exam paper taken on the device (issue 34): what a page opening it counts as
 * spent — what was written, plus the wall clock's time since it was written (a clock set back
 * counts as no time). Pure: the exam page reads it without loading the papers' store.
 */
export const elapsedOnOpen = (paper: { elapsedMs: number; seenAt: number }, now = Date.now()) => paper.elapsedMs + Math.max(0, now - paper.seenAt);
