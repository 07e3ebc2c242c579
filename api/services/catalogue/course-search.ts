/**
 * Search in SQL: the full-text index (`db/migrations/…_search.ts`) finds the candidates, and the
 * shared rule (`contracts/search.ts`: the term at the start of a word of the title, code or
 * description, ignoring case) confirms them with `REGEXP` on the candidates only.
 */
import type { QueryBuilder } from 'objection';
import { isMysql } from '@db/errors';
import type { Course } from '@db/models';
import { searchRegExpSource, searchWords } from '@contracts/search';

/** InnoDB indexes words of at least this many characters (`innodb_ft_min_token_size`, default 3). */
const MYSQL_MIN_WORD = 3;

export function whereMatchesSearch<Q extends QueryBuilder<Course, Course[]>>(query: Q, term: string): Q {
  const mysql = isMysql(query.knex());
  const words = searchWords(term);
  if (mysql) {
    // Every word but the last is whole in the text; the last may go on ("valid" → "validation").
    const required = words
      .map((word, i) => (i === words.length - 1 ? `${word}*` : word))
      .filter((word) => word.replace('*', '').length >= MYSQL_MIN_WORD)
      .map((word) => `+${word}`);
    if (required.length) query.whereRaw('match (courses.title, courses.code, courses.description) against (? in boolean mode)', [required.join(' ')]);
  } else if (words.length) {
    // FTS5: the words as a phrase whose last word is a prefix.
    query.whereRaw('courses.rowid in (select rowid from courses_fts where courses_fts match ?)', [`"${words.join(' ')}" *`]);
  }
  const pattern = (mysql ? '(?i)' : '') + searchRegExpSource(term);
  return query.where((w) =>
    w.whereRaw('courses.title regexp ?', [pattern]).orWhereRaw('courses.code regexp ?', [pattern]).orWhereRaw('courses.description regexp ?', [pattern]),
  ) as Q;
}
