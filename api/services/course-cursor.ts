/**
 * The opaque cursor of `GET /api/courses` pages: the sort key of the last course sent (undated
 * last, start date, title ignoring case and compared byte by byte, id — the order of
 * `orderByStartDate`), continued by keyset so a page never repeats or skips a course however deep.
 */
import { raw, type QueryBuilder } from 'objection';
import { isMysql } from '@db/errors';
import { Course } from '@db/models';
import { AppError } from '../errors';

interface CursorKey {
  /** 1 when the course has no start date (those sort last). */
  undated: 0 | 1;
  startDate: string | null;
  title: string;
  id: string;
}

/** The database's own lower-casing of the title (SQLite's and MySQL's differ beyond ASCII), selected beside the course. */
export function withSortTitle<Q extends QueryBuilder<Course, Course[]>>(query: Q): Q {
  return query.select(raw('lower(courses.title) as sort_title')) as Q;
}

/** A course read with `withSortTitle`. */
export type SortableCourse = Course & { sortTitle: string };

export function encodeCursor(course: SortableCourse): string {
  const key = [course.startDate === null ? 1 : 0, course.startDate, course.sortTitle, course.id];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string): CursorKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  if (
    !Array.isArray(key) ||
    key.length !== 4 ||
    (key[0] !== 0 && key[0] !== 1) ||
    (key[0] === 0 ? typeof key[1] !== 'string' : key[1] !== null) ||
    typeof key[2] !== 'string' ||
    typeof key[3] !== 'string'
  ) {
    throw AppError.badRequest('cursor must be the value from a previous Link header');
  }
  return { undated: key[0], startDate: key[1], title: key[2], id: key[3] };
}

/** Restricts the query to the courses after `key` in the listing order. */
export function afterCursor<Q extends QueryBuilder<Course, Course[]>>(query: Q, key: CursorKey): Q {
  const title = isMysql(query.knex()) ? 'lower(courses.title) collate utf8mb4_bin' : 'lower(courses.title)';
  const afterTitle = (w: QueryBuilder<Course, Course[]>) =>
    w.whereRaw(`${title} > ?`, [key.title]).orWhere((same) => same.whereRaw(`${title} = ?`, [key.title]).where('courses.id', '>', key.id));
  if (key.undated === 1) return query.whereNull('courses.start_date').where(afterTitle) as Q;
  return query.where((w) =>
    w
      .whereNull('courses.start_date')
      .orWhere('courses.start_date', '>', key.startDate as string)
      .orWhere((same) => same.where('courses.start_date', key.startDate as string).where(afterTitle)),
  ) as Q;
}
