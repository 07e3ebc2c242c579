/** New course codes: a generated one (§9), and the duplicate of a course (its copy and code). */
import type { Knex } from 'knex';
import { Course } from '@db/models';
import type { Course as CourseDto } from '@contracts/catalogue';
import { courseKind, generateCourseCode, type CourseWrite } from '@contracts/course-admin';
import { AppError } from '@api/errors';
import type { RecordAnswer } from '../platform/idempotency-service';
import type { Actor } from '../platform/audit';
import { createCourse, type CourseAdminOptions } from './courses';

/** A generated code (§9) that no course has yet; the insert's unique index stays the final word. */
export async function suggestCourseCode(o: CourseAdminOptions, prefix: 'LIVE' | 'SEM'): Promise<string> {
  const year = o.clock().getUTCFullYear();
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = generateCourseCode(prefix, year);
    if (!(await Course.query(o.knex).where('code', code).select('id').first())) return code;
  }
  throw AppError.conflict('Could not find a free course code; please try again');
}

/** A code not yet taken: `<code>-COPY`, else `<code>-COPY-2`, `-COPY-3`… */
async function freeCopyCode(db: Knex, code: string): Promise<string> {
  const base = `${code.slice(0, 50)}-COPY`;
  const taken = new Set((await Course.query(db).where('code', 'like', `${base}%`).select('code')).map((c) => c.code));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Duplicate (back-office spec §4): title + " (Copy)", price 0, descriptive, instructor, schedule
 * and image fields copied, tiers not copied; a seminar's (or pack's) code gets "-COPY" (or the next
 * free "-COPY-n"), other kinds a newly generated code. The copy is another session of the same
 * course (issue 35): it joins the original's series, so a booking may move between them by policy.
 */
export async function duplicateCourse(o: CourseAdminOptions, actor: Actor, id: string, record?: RecordAnswer<CourseDto>): Promise<CourseDto> {
  const source = await Course.query(o.knex).findById(id).modify('notArchived');
  if (!source) throw AppError.notFound('Course not found');
  const seminar = source.type === 'live_seminar';
  const pack = courseKind(source) === 'pack';
  const body: CourseWrite = {
    title: `${source.title} (Copy)`.slice(0, 300),
    shortDescription: source.shortDescription,
    description: source.description,
    type: source.type as CourseWrite['type'],
    category: source.category,
    price: '0',
    duration: source.duration,
    startDate: source.startDate,
    endDate: source.endDate,
    timezone: source.timezone as CourseWrite['timezone'],
    location: source.location,
    image: source.image,
    instructorName: source.instructorName,
    instructorTitle: source.instructorTitle,
    instructorBio: source.instructorBio,
    instructorImage: source.instructorImage,
    instructorId: source.instructorId,
    maxParticipants: source.maxParticipants,
    tags: source.tags,
    creditRules: source.creditRules,
    ...(seminar || pack ? { code: await freeCopyCode(o.knex, source.code) } : {}),
  };
  return createCourse(o, actor, body, record, { seriesId: source.seriesId ?? source.id, sourceId: source.id });
}
