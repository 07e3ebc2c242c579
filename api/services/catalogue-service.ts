/**
 * Catalogue reads: active courses with the listing rules of the storefront spec, one course,
 * its pricing tiers, and instructors. Every read is a fixed number of queries (no N+1).
 */
import type { QueryBuilder } from 'objection';
import { isMysql } from '../../db/errors';
import { Course, Instructor, PricingTier } from '../../db/models';
import type { Course as CourseDto, CourseQuery, Instructor as InstructorDto, PricingTier as PricingTierDto } from '../contracts/catalogue';
import { AppError } from '../errors';
import { toCourseDto, toInstructorDto, toPricingTierDto } from './catalogue-serializers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * LIKE pattern matching `term` anywhere, with LIKE wildcards in the term taken literally. The
 * escape character is `!` because a backslash literal is written differently on SQLite and MySQL.
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
}

/**
 * Orders courses by start date ascending with undated courses last, then by title ignoring case
 * and compared character by character (binary collation on MySQL, SQLite's default), then id —
 * exactly as `compareCoursesByStartDate` orders the offline copy.
 */
export function orderByStartDate<Q extends QueryBuilder<Course, Course[]>>(query: Q): Q {
  const binary = isMysql(Course.knex()) ? ' collate utf8mb4_bin' : '';
  return query.orderByRaw(`case when courses.start_date is null then 1 else 0 end, courses.start_date asc, lower(courses.title)${binary} asc, courses.id asc`) as Q;
}

export class CatalogueService {
  async listCourses(query: CourseQuery): Promise<CourseDto[]> {
    const builder = Course.query().where('courses.is_active', true).withGraphFetched('instructor');
    if (query.type && query.type.length > 0) builder.whereIn('courses.type', query.type);
    if (query.category) builder.whereRaw('lower(courses.category) = ?', [query.category.toLowerCase()]);
    const term = query.search?.trim();
    if (term) {
      const pattern = containsPattern(term);
      builder.where((w) =>
        w
          .whereRaw("lower(courses.title) like ? escape '!'", [pattern])
          .orWhereRaw("lower(courses.description) like ? escape '!'", [pattern])
          .orWhereRaw("lower(courses.code) like ? escape '!'", [pattern]),
      );
    }
    const courses = await orderByStartDate(builder);
    return courses.map(toCourseDto);
  }

  async getCourse(id: string): Promise<CourseDto> {
    const course = isUuid(id) ? await Course.query().findById(id).where('is_active', true).withGraphFetched('instructor') : undefined;
    if (!course) throw AppError.notFound('Course not found');
    return toCourseDto(course);
  }

  async listPricingTiers(courseId: string): Promise<PricingTierDto[]> {
    const course = isUuid(courseId) ? await Course.query().findById(courseId).where('is_active', true).select('id') : undefined;
    if (!course) throw AppError.notFound('Course not found');
    const tiers = await PricingTier.query().where('course_id', courseId).orderBy([{ column: 'sort_order' }, { column: 'tier_level' }, { column: 'id' }]);
    return tiers.map(toPricingTierDto);
  }

  async listInstructors(): Promise<InstructorDto[]> {
    const instructors = await Instructor.query().orderBy([{ column: 'name' }, { column: 'id' }]);
    return instructors.map(toInstructorDto);
  }
}
