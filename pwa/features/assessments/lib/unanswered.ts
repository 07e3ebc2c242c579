/** Which questions have no answer yet, by their numbers, and how the confirmation names them. */
import type { AttemptQuestion } from '@contracts/assessments';

export function unansweredNumbers(questions: readonly AttemptQuestion[], answers: Record<string, readonly string[]>): number[] {
  return questions.flatMap((question, index) => ((answers[question.id]?.length ?? 0) === 0 ? [index + 1] : []));
}

function list(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/** "Question 4 is not answered." / "Questions 4, 7 and 9 are not answered." / "" */
export function unansweredText(numbers: readonly number[]): string {
  if (numbers.length === 0) return '';
  if (numbers.length === 1) return `Question ${numbers[0]} is not answered.`;
  return `Questions ${list(numbers)} are not answered.`;
}
