/**
 * Drawing an attempt's questions from its pool (pure but for the randomness, which is injected):
 * `drawCount` of them at random (all without one), kept in the bank's order unless the assessment
 * shuffles questions; each question's options shuffled when it shuffles options. The draw keeps
 * the correct flags and explanations: it is stored with the attempt and graded from there.
 */
import crypto from 'node:crypto';
import type { DrawnQuestion, Question } from '@db/models';

/** A whole number in [0, below). */
export type RandomInt = (below: number) => number;

export const secureRandomInt: RandomInt = (below) => crypto.randomInt(below);

function shuffled<T>(items: readonly T[], random: RandomInt): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export interface DrawSettings {
  drawCount: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
}

/** The pool in the bank's order (position, then id), as the draw and the bank list read it. */
export function inBankOrder(pool: readonly Question[]): Question[] {
  return [...pool].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function drawQuestions(pool: readonly Question[], settings: DrawSettings, random: RandomInt = secureRandomInt): DrawnQuestion[] {
  const ordered = inBankOrder(pool);
  const count = settings.drawCount === null ? ordered.length : Math.min(settings.drawCount, ordered.length);
  // A random subset (the first `count` of a shuffle), then back in the bank's order unless shuffled.
  const chosen = new Set(shuffled(ordered, random).slice(0, count));
  const picked = ordered.filter((q) => chosen.has(q));
  const sequence = settings.shuffleQuestions ? shuffled(picked, random) : picked;
  return sequence.map((q) => ({
    id: q.id,
    kind: q.kind,
    text: q.text,
    options: (settings.shuffleOptions ? shuffled(q.options, random) : q.options).map((o) => ({ id: o.id, text: o.text, correct: o.correct })),
    explanation: q.explanation,
  }));
}
