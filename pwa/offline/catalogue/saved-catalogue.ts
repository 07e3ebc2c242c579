/**
 * Reads and writes of the saved catalogue that several screens share. A saved course may be a
 * summary (no `description` / `instructorBio` yet: the sync stores the summary of every course
 * first and the details after); a summary never replaces details already stored.
 */
import type { Course, CourseQuery, Instructor, PricingTier } from '@contracts/catalogue';
import { compareCoursesByStartDate, matchesCourseQuery } from '@contracts/course-filter';
import { normalizeSearchTerm } from '@contracts/search';
import type { CatalogueDatabase, SavedCourse } from './catalogue-db';
import { answerFromList, hasSavedListInMemory, savedList, toCourse } from './saved-list';

export const CURSOR_KEY = 'catalogueCursor';
/** `all`, or a JSON list of course ids whose details are still to be fetched (catalogue-details.ts). */
export const DETAILS_PENDING_KEY = 'detailsPending';
/** While the details pass pages through every course: the address of its next page. */
export const DETAILS_PAGE_KEY = 'detailsNextPage';

/**
 * Writes courses, keeping the stored description and bio of any course given without them, and
 * leaving alone any course saved already as it is given (one without details compares on the
 * fields it has). A write is not free even when nothing changes: any write to the saved courses
 * drops the whole list held in memory (saved-list.ts), which the next listing or search reads
 * again — about 100 ms at 4× CPU for 10,000 courses, after every filter change online (whose first
 * page is written through) and every start (whose delta sync is most often empty).
 * `stored`, when the caller knows it, holds the ids that may be stored already: a course outside it
 * is written as given, without first reading what is stored (nothing is).
 */
export async function saveCourses(db: CatalogueDatabase, courses: readonly SavedCourse[], stored?: ReadonlySet<string>): Promise<void> {
  if (courses.length === 0) return;
  const mayBeStored = stored ? courses.filter((course) => stored.has(course.id)) : courses;
  if (mayBeStored.length === 0) {
    await db.courses.bulkPut([...courses]);
    return;
  }
  await db.transaction('rw', db.courses, async () => {
    const saved = await db.courses.bulkGet(mayBeStored.map((course) => course.id));
    const byId = new Map(saved.filter((course): course is SavedCourse => !!course).map((course) => [course.id, course]));
    const writes: SavedCourse[] = [];
    for (const course of courses) {
      const old = byId.get(course.id);
      if (!old) writes.push(course);
      else if (!isSavedAlready(course, old))
        writes.push({ ...course, description: course.description ?? old.description, instructorBio: course.instructorBio ?? old.instructorBio });
    }
    if (writes.length) await db.courses.bulkPut(writes);
  });
}

function isSavedAlready(course: SavedCourse, saved: SavedCourse): boolean {
  const stored = saved as unknown as Record<string, unknown>;
  return Object.entries(course).every(([key, value]) => value === undefined || sameValue(value, stored[key]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b);
}

/** Whether a sync has completed on this device: the saved copy then holds every course. */
export async function hasCompleteCopy(db: CatalogueDatabase): Promise<boolean> {
  return (await db.meta.get(CURSOR_KEY)) !== undefined;
}

/** Whether every saved course also has its description and bio (no details pass pending). */
export async function hasAllDetails(db: CatalogueDatabase): Promise<boolean> {
  const [pending, paging] = await Promise.all([db.meta.get(DETAILS_PENDING_KEY), db.meta.get(DETAILS_PAGE_KEY)]);
  return !pending && !paging;
}

let completeAtStart: Promise<boolean> | undefined;

/**
 * Whether the saved copy was complete when the app opened (a sync of an earlier visit): screens
 * then render from it first. A first visit asks the network while its own sync runs.
 */
export function hadCompleteCopyAtStart(db: CatalogueDatabase): Promise<boolean> {
  completeAtStart ??= hasCompleteCopy(db).catch(() => false);
  return completeAtStart;
}

/**
 * The courses a listing query answers, from the saved copy, in the API's order. The whole list is
 * read once and then answered from memory while the saved courses stay the same (saved-list.ts);
 * with `limit` and no search, while it is not in memory, only the first courses are read, through
 * the start-date index.
 */
export async function readSavedCourses(db: CatalogueDatabase, query: CourseQuery): Promise<Course[]> {
  const limit = query.limit;
  const search = normalizeSearchTerm(query.search);
  if (limit === undefined || search || hasSavedListInMemory(db)) {
    const started = performance.now();
    const found = answerFromList(await savedList(db), query);
    // User Timing, for the benchmark (npm run bench:browser) and the browser's performance panel.
    if (search) performance.measure('search on the device', { start: started, detail: { term: search, found: found.length } });
    // A copy: the answer is kept for the next read of the same question (saved-list.ts).
    return found.slice(0, limit);
  }
  const matches = (course: SavedCourse) => matchesCourseQuery(toCourse(course), query);
  const dated = await db.courses.orderBy('startDate').filter(matches).limit(limit).toArray();
  const last = dated[dated.length - 1];
  let candidates = dated;
  if (dated.length === limit && last?.startDate) {
    // Courses starting at the same moment as the last one are ordered by title: take them all.
    const ties = await db.courses.where('startDate').equals(last.startDate).filter(matches).toArray();
    candidates = [...dated.filter((course) => course.startDate !== last.startDate), ...ties];
  } else {
    candidates = [...dated, ...(await db.courses.filter((course) => !course.startDate && matches(course)).toArray())];
  }
  return candidates.map(toCourse).sort(compareCoursesByStartDate).slice(0, limit);
}

/**
 * The saved tiers of these courses, by course (an empty list for a course without saved tiers),
 * each in display order: one query for a whole page of cards.
 */
export async function readSavedTiers(db: CatalogueDatabase, courseIds: readonly string[]): Promise<Map<string, PricingTier[]>> {
  const byCourse = new Map<string, PricingTier[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return byCourse;
  const tiers = await db.pricingTiers
    .where('courseId')
    .anyOf([...courseIds])
    .toArray();
  for (const tier of tiers) byCourse.get(tier.courseId)?.push(tier);
  for (const list of byCourse.values()) list.sort((a, b) => a.sortOrder - b.sortOrder || a.tierLevel - b.tierLevel);
  return byCourse;
}

export async function readSavedInstructors(db: CatalogueDatabase): Promise<Instructor[]> {
  return db.instructors.orderBy('name').toArray();
}
