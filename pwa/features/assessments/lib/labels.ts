/** How the assessment screens word their facts. */
export function attemptsLeftText(left: number | null): string {
  if (left === null) return 'Unlimited attempts';
  if (left === 0) return 'No attempts left';
  return left === 1 ? '1 attempt left' : `${left} attempts left`;
}

export function timeLimitText(minutes: number | null): string {
  if (!minutes) return 'No time limit';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function questionCountText(count: number): string {
  return count === 1 ? '1 question' : `${count} questions`;
}

/** The option texts of these ids, in the question's order ("—" for none). */
export function optionTexts(options: ReadonlyArray<{ id: string; text: string }>, ids: readonly string[]): string {
  const chosen = options.filter((o) => ids.includes(o.id)).map((o) => o.text);
  return chosen.length > 0 ? chosen.join('; ') : 'No answer';
}
