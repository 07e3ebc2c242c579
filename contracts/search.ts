/**
 * The catalogue search rule, shared by the API (where full-text indexes find the candidates) and
 * the PWA's offline copy: a course matches a term when the term occurs, ignoring case, in its
 * title, code or description **at the start of a word** — at the start of the text or right after
 * a character that is not a letter or digit. "capa" finds "the CAPA lifecycle" and "valid" finds
 * "Validation", as a search box is expected to; "dation" does not find "validation", because no
 * word starts there (and no full-text index can find the middles of words).
 */

/** The term as the rule uses it: trimmed; empty means no search. */
export function normalizeSearchTerm(term: string | undefined | null): string {
  return (term ?? '').trim();
}

/** `(^|not a letter or digit)` followed by the term, with its regular-expression characters literal. */
export function searchRegExpSource(term: string): string {
  return `(^|[^\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
}

export function searchRegExp(term: string): RegExp {
  return new RegExp(searchRegExpSource(term), 'iu');
}

/** Whether a course with these texts matches the (normalized, non-empty) term. */
export function matchesSearch(texts: Array<string | null | undefined>, pattern: RegExp): boolean {
  return texts.some((text) => !!text && pattern.test(text));
}

/** The words of a term (letters and digits), as a full-text index splits them. */
export function searchWords(term: string): string[] {
  return term.match(/[\p{L}\p{N}]+/gu) ?? [];
}
