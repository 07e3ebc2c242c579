/**
 * The opaque cursor of `GET /api/courses` pages: the sort key of the last course sent (undated
 * last, start date, title ignoring case and compared byte by byte, id — the order of
 * `orderByStartDate`), continued by keyset so a page never repeats or skips a course however deep.
 */
import type { QueryBuilder } from 'objection';
import { Course } from '@db/models';
import { AppError } from '../../errors';

interface CursorKey {
  /** 1 when the course has no start date (those sort last). */
  undated: 0 | 1;
  startDate: string | null;
  title: string;
  id: string;
}

/**
 * The database's own lower-casing of the title (SQLite's and MySQL's differ beyond ASCII), selected
 * beside the course: the generated column `listing_title` the order and the cursor compare.
 */
export function withSortTitle<Q extends QueryBuilder<Course, Course[]>>(query: Q): Q {
  return query.select('courses.listing_title as sort_title') as Q;
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

/**
 * Restricts the query to the courses after `key` in the listing order, in the columns of the
 * listing indexes (`listing_title` compares binary on both engines), so the page is a range of them.
 */
export function afterCursor<Q extends QueryBuilder<Course, Course[]>>(query: Q, key: CursorKey): Q {
  const afterTitle = (w: QueryBuilder<Course, Course[]>) =>
    w.where('courses.listing_title', '>', key.title).orWhere((same) => same.where('courses.listing_title', key.title).where('courses.id', '>', key.id));
  if (key.undated === 1) return query.where('courses.listing_undated', 1).where(afterTitle) as Q;
  return query.where((w) =>
    w
      .where('courses.listing_undated', 1)
      .orWhere((dated) => dated.where('courses.listing_undated', 0).where('courses.start_date', '>', key.startDate as string))
      .orWhere((same) =>
        same
          .where('courses.listing_undated', 0)
          .where('courses.start_date', key.startDate as string)
          .where(afterTitle),
      ),
  ) as Q;
}
