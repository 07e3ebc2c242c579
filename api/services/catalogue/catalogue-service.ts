/**
 * Catalogue reads: active courses with the listing rules of the storefront spec, one course,
 * its pricing tiers, and instructors. Every read is a fixed number of queries (no N+1).
 */
import type { Knex } from 'knex';
import { raw, type QueryBuilder } from 'objection';
import { isMysql } from '@db/errors';
import { Course, Instructor, PricingTier } from '@db/models';
import { COURSE_PAGE_DEFAULT, courseSummarySchema, type CourseSummary as CourseSummaryDto } from '@contracts/catalogue';
import type { Course as CourseDto, CourseQuery, Instructor as InstructorDto, PricingTier as PricingTierDto } from '@contracts/catalogue';
import { AppError } from '../../errors';
import { toCourseDto, toCourseSummaryDto, toInstructorDto, toPricingTierDto } from './catalogue-serializers';
import { normalizeSearchTerm } from '@contracts/search';
import { whereMatchesSearch } from './course-search';
import { afterCursor, decodeCursor, encodeCursor, withSortTitle, type SortableCourse } from './course-cursor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Orders courses by start date ascending with undated courses last, then by title ignoring case
 * and compared character by character (binary collation on MySQL, SQLite's default), then id —
 * exactly as `compareCoursesByStartDate` orders the offline copy. The two computed keys are the
 * generated columns `listing_undated` (start_date is null) and `listing_title` (lower(title),
 * utf8mb4_bin on MySQL), so the listing indexes deliver this order (migration 14).
 */
export function orderByStartDate<Q extends QueryBuilder<Course, Course[]>>(query: Q): Q {
  return query.orderBy([
    { column: 'courses.listing_undated', order: 'asc' },
    { column: 'courses.start_date', order: 'asc' },
    { column: 'courses.listing_title', order: 'asc' },
    { column: 'courses.id', order: 'asc' },
  ]) as Q;
}

/**
 * MySQL/MariaDB: reads the storefront listing through the index that delivers `orderByStartDate`
 * (`courses_listing_type_idx` for one type, `courses_listing_idx` without a type filter). Left to
 * itself its optimizer prefers a table scan and a filesort of every active course for a whole
 * listing, another index and a filesort for one type, and a scan of the index from its start for
 * a later page; walking the index in order is cheaper in each case (and a page is the first rows
 * of an index range). SQLite's planner takes these indexes by itself. Not used for a search (the
 * full-text index finds those courses) nor for several types (no one index has their order).
 */
function readInListingOrder<Q extends QueryBuilder<Course, Course[]>>(query: Q, types: readonly string[] | undefined): Q {
  if (!isMysql(query.knex())) return query;
  const index = !types || types.length === 0 ? 'courses_listing_idx' : types.length === 1 ? 'courses_listing_type_idx' : null;
  return (index ? query.from(raw('?? force index (??)', ['courses', index])) : query) as Q;
}

/** A page of courses and the cursor of the next one (null on the last page or when not paging). */
export interface CoursePage {
  courses: Array<CourseDto | CourseSummaryDto>;
  nextCursor: string | null;
  /** A first page's (`limit`, no cursor): how many courses match in all (the listing's count, sent with its first cards). */
  total: number | null;
}

/** Columns a card needs (`view=summary`): everything but the description and the instructor bio. */
const SUMMARY_COLUMNS = Object.keys(courseSummarySchema.shape)
  .filter((name) => name !== 'instructor')
  .map((name) => `courses.${name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)}`)
  .map((column) => (column === 'courses.price' ? 'courses.price_cents' : column));

/**
 * Reads what a view of the courses needs: for `summary`, only the card columns and the instructor's
 * card (descriptions and bios are most of a catalogue's bytes); otherwise every column.
 */
export function selectCourseView(builder: QueryBuilder<Course>, view: 'full' | 'summary' | undefined): QueryBuilder<Course> {
  const summary = view === 'summary';
  return builder.select(summary ? SUMMARY_COLUMNS : ['courses.*']).withGraphFetched(summary ? 'instructor(card)' : 'instructor');
}

export class CatalogueService {
  constructor(private readonly knex: Knex) {}

  /**
   * Active courses in start-date order with the storefront's listing rules. With `limit` (or a
   * `cursor`) one page of them, continued by keyset on the sort order, so pages stay stable and
   * cheap at any depth; `view=summary` leaves out descriptions and instructor bios.
   */
  async listCourses(query: CourseQuery): Promise<CoursePage> {
    const paging = query.limit !== undefined || query.cursor !== undefined;
    const limit = query.limit ?? COURSE_PAGE_DEFAULT;
    const summary = query.view === 'summary';
    const term = normalizeSearchTerm(query.search);
    /** The courses the query names, before any view, order or page. */
    const matching = () => {
      const builder = Course.query(this.knex).modify(query.status === 'all' ? 'notArchived' : 'active');
      if (query.type && query.type.length > 0) builder.whereIn('courses.type', query.type);
      if (query.category) builder.whereRaw('lower(courses.category) = ?', [query.category.toLowerCase()]);
      if (term) whereMatchesSearch(builder, term);
      return builder;
    };
    const builder = selectCourseView(matching(), query.view);
    if (paging) withSortTitle(builder);
    if (!term && query.status !== 'all') readInListingOrder(builder, query.type);
    if (query.cursor) afterCursor(builder, decodeCursor(query.cursor));
    if (paging) builder.limit(limit + 1);
    const [rows, total] = await Promise.all([
      orderByStartDate(builder),
      // A first page also says how many there are in all (one count, no rows read twice).
      query.limit !== undefined && !query.cursor ? matching().resultSize() : null,
    ]);
    const page = paging ? rows.slice(0, limit) : rows;
    const last = page[page.length - 1];
    return {
      courses: page.map((course) => (summary ? toCourseSummaryDto(course) : toCourseDto(course))),
      nextCursor: paging && rows.length > limit && last ? encodeCursor(last as SortableCourse) : null,
      total,
    };
  }

  /** One course; `all` (the back office) reads an inactive one too, never an archived one. */
  async getCourse(id: string, status: 'active' | 'all' = 'active'): Promise<CourseDto> {
    const course = isUuid(id)
      ? await Course.query(this.knex)
          .findById(id)
          .modify(status === 'all' ? 'notArchived' : 'active')
          .withGraphFetched('instructor')
      : undefined;
    if (!course) throw AppError.notFound('Course not found');
    return toCourseDto(course);
  }

  async listPricingTiers(courseId: string, status: 'active' | 'all' = 'active'): Promise<PricingTierDto[]> {
    const course = isUuid(courseId)
      ? await Course.query(this.knex)
          .findById(courseId)
          .modify(status === 'all' ? 'notArchived' : 'active')
          .select('id')
      : undefined;
    if (!course) throw AppError.notFound('Course not found');
    const tiers = await PricingTier.query(this.knex)
      .where('course_id', courseId)
      .orderBy([{ column: 'sort_order' }, { column: 'tier_level' }, { column: 'id' }]);
    return tiers.map(toPricingTierDto);
  }

  async listInstructors(): Promise<InstructorDto[]> {
    const instructors = await Instructor.query(this.knex).orderBy([{ column: 'name' }, { column: 'id' }]);
    return instructors.map(toInstructorDto);
  }
}
