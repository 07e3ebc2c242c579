/**
 * Grading and drawing on their own (`api/services/attempts/grading.ts`, `draw.ts`): all or nothing
 * per question, the score to one decimal, the pass mark inclusive, attempts left after a pass, the
 * review only when the settings allow it, and a draw that keeps the bank's order unless shuffled.
 * Through HTTP in `assessment-attempts.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { drawQuestions } from '@api/services/attempts/draw';
import { attemptsLeftAfter, checkedAnswers, grade, isRight, resultOf } from '@api/services/attempts/grading';
import type { DrawnQuestion, Question } from '@db/models';

const question = (id: string, kind: DrawnQuestion['kind'], right: number[], size = 4): DrawnQuestion => ({
  id,
  kind,
  text: id,
  explanation: `why ${id}`,
  options: Array.from({ length: size }, (_, i) => ({ id: `${id}-${i}`, text: `${i}`, correct: right.includes(i) })),
});

describe('grading', () => {
  const q = [question('a', 'single', [0]), question('b', 'multiple', [0, 2]), question('c', 'true_false', [1], 2)];

  it('counts a question right only when the chosen set is exactly the right one', () => {
    expect(isRight(q[1]!, ['b-2', 'b-0'])).toBe(true);
    expect(isRight(q[1]!, ['b-0'])).toBe(false);
    expect(isRight(q[1]!, ['b-0', 'b-1', 'b-2'])).toBe(false);
    expect(isRight(q[0]!, undefined)).toBe(false);
    expect(grade(q, { a: ['a-0'] }, 33)).toEqual({ scorePercent: 33.3, passed: true, rightCount: 1 });
    expect(grade(q, { a: ['a-0'], b: ['b-0', 'b-2'] }, 67)).toEqual({ scorePercent: 66.7, passed: false, rightCount: 2 });
    expect(grade(q, { a: ['a-0'], b: ['b-0', 'b-2'], c: ['c-1'] }, 100).passed).toBe(true);
  });

  it('refuses answers that are not of the attempt’s questions, and dedupes a choice', () => {
    expect(() => checkedAnswers(q, [{ questionId: 'x', optionIds: [] }])).toThrow(/not in this attempt/);
    expect(() => checkedAnswers(q, [{ questionId: 'a', optionIds: ['b-0'] }])).toThrow(/not part of its question/);
    expect(() => checkedAnswers(q, [{ questionId: 'c', optionIds: ['c-0', 'c-1'] }])).toThrow(/exactly one/);
    expect(checkedAnswers(q, [{ questionId: 'a', optionIds: ['a-1', 'a-1'] }])).toEqual([{ questionId: 'a', optionIds: ['a-1'] }]);
  });

  it('leaves no attempts after a passed final, and shows the review as the settings say', () => {
    const final = { kind: 'final' as const, maxAttempts: 3, showAnswers: 'after_last_attempt' as const };
    expect(attemptsLeftAfter(final, 1, false)).toBe(2);
    expect(attemptsLeftAfter(final, 1, true)).toBe(0);
    expect(attemptsLeftAfter({ ...final, maxAttempts: null }, 7, false)).toBeNull();
    const attempt = { id: 't', number: 1, questions: q, answers: {}, scorePercent: 0, passed: false, submittedAt: 'x' };
    expect(resultOf(final, attempt).review).toBeUndefined();
    expect(resultOf(final, { ...attempt, number: 3 }).review).toHaveLength(3);
    expect(resultOf({ ...final, showAnswers: 'never' }, { ...attempt, passed: true }).review).toBeUndefined();
    expect(resultOf({ ...final, kind: 'review', showAnswers: 'never' }, attempt).review).toHaveLength(3);
  });
});

describe('drawing', () => {
  const pool = Array.from({ length: 10 }, (_, i) => ({ ...question(`q${i}`, 'single', [0]), position: 9 - i }) as unknown as Question);

  it('draws drawCount distinct questions in the bank’s order unless shuffled', () => {
    let seed = 7;
    const random = (below: number) => (seed = (seed * 16807) % 2147483647) % below;
    const drawn = drawQuestions(pool, { drawCount: 4, shuffleQuestions: false, shuffleOptions: false }, random);
    expect(drawn).toHaveLength(4);
    const positions = drawn.map((d) => pool.find((p) => p.id === d.id)!.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(drawn[0]!.options.map((o) => o.id)).toEqual(pool.find((p) => p.id === drawn[0]!.id)!.options.map((o) => o.id));
    expect(drawQuestions(pool, { drawCount: null, shuffleQuestions: false, shuffleOptions: false }).map((d) => d.id)).toEqual(pool.map((p) => p.id).reverse());
    expect(drawQuestions(pool, { drawCount: 50, shuffleQuestions: true, shuffleOptions: true }, random)).toHaveLength(10);
  });
});
