/**
 * The saved copy's whole course list, read once and held in memory while it stays the same: every
 * listing, count and search on the device is answered from it instead of reading (and decoding)
 * thousands of courses from IndexedDB again. Any write to the saved courses, from this page, another
 * tab or the sync worker (Dexie's `storagemutated`, through a BroadcastChannel), drops it; the next
 * read takes it again.
 *
 * Search runs the shared rule's own pattern once over all the courses' texts joined (title, code
 * and description, in the listing's order): each match names its course, which the query's other
 * rules (active, type, category) then confirm, so the answers are exactly the rule's.
 */
import type { Course, CourseQuery } from '@contracts/catalogue';
import { compareCoursesByStartDate, matchesCourseQuery } from '@contracts/course-filter';
import { normalizeSearchTerm, searchRegExpSource } from '@contracts/search';
import type { CatalogueDatabase, SavedCourse } from './catalogue-db';
import { whenIdle } from '../../lib/yield';

export interface SavedList {
  /** Every saved course (active or not), in the API's listing order. */
  readonly courses: readonly Course[];
  /** The joined search texts: built once the page is idle after the read, or by the first search if it comes sooner. */
  searchText?: SearchText;
  /**
   * Answers already found in this list, by the rules that choose them (type, category, search): a
   * listing asks the same question up to three times at once (its first page, its whole list and
   * the saved copy's own read, each falling back here offline), a search over 10,000 courses
   * costing about 30 ms each at 4× CPU. Dropped with the list.
   */
  readonly answers: Map<string, readonly Course[]>;
}

/** How many answers a list keeps (the oldest goes first). */
const ANSWERS_KEPT = 16;

interface SearchText {
  text: string;
  /** Where each course's text starts in `text` (same index as `courses`). */
  starts: Int32Array;
}

/**
 * Ends every field: not a letter or digit, so a field's start is a word start, as the rule's `^` is
 * for each field on its own; a term holding it is searched course by course instead.
 */
const SEPARATOR = '\u0000';

function buildSearchText(courses: readonly Course[]): SearchText {
  const starts = new Int32Array(courses.length);
  const parts: string[] = [];
  let offset = 0;
  courses.forEach((course, index) => {
    const part = `${course.title}${SEPARATOR}${course.code}${SEPARATOR}${course.description ?? ''}${SEPARATOR}`;
    starts[index] = offset;
    offset += part.length;
    parts.push(part);
  });
  return { text: parts.join(''), starts };
}

/** The index of the course whose text holds `position` (the last start at or before it). */
function courseAt(starts: Int32Array, position: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The courses a listing query answers (without `limit`), in the API's order. Shared: not to be changed. */
export function answerFromList(list: SavedList, query: CourseQuery): readonly Course[] {
  const key = JSON.stringify([query.type ?? null, query.category ?? null, normalizeSearchTerm(query.search)]);
  const known = list.answers.get(key);
  if (known) return known;
  const found = findInList(list, query);
  if (list.answers.size >= ANSWERS_KEPT) list.answers.delete(list.answers.keys().next().value!);
  list.answers.set(key, found);
  return found;
}

function findInList(list: SavedList, query: CourseQuery): Course[] {
  const term = normalizeSearchTerm(query.search);
  if (!term || term.includes(SEPARATOR)) return list.courses.filter((course) => matchesCourseQuery(course, query));
  const { text, starts } = (list.searchText ??= buildSearchText(list.courses));
  const pattern = new RegExp(searchRegExpSource(term), 'giu');
  const found: Course[] = [];
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    // The match starts with the character before the term (or at the very start).
    const index = courseAt(starts, match.index + match[1]!.length);
    const course = list.courses[index]!;
    if (matchesCourseQuery(course, query)) found.push(course);
    // One match is enough for a course: go on with the next one, from the separator before it (the
    // pattern takes the character before the term).
    if (index + 1 >= starts.length) break;
    pattern.lastIndex = starts[index + 1]! - 1;
  }
  return found;
}

/** A saved course as the screens use it: details not stored yet read as none. */
export function toCourse(saved: SavedCourse): Course {
  return { ...saved, description: saved.description ?? null, instructorBio: saved.instructorBio ?? null };
}

function buildList(saved: readonly SavedCourse[]): SavedList {
  return { courses: saved.map(toCourse).sort(compareCoursesByStartDate), answers: new Map() };
}

/** Per database: the whole list, while no write has been made to the saved courses since it was read. */
const lists = new WeakMap<CatalogueDatabase, { list?: Promise<SavedList> }>();

function stateOf(db: CatalogueDatabase): { list?: Promise<SavedList> } {
  let state = lists.get(db);
  if (!state) {
    const created: { list?: Promise<SavedList> } = {};
    // A read under way when a write commits is dropped too: it may hold what was there before.
    db.onCoursesChanged(() => (created.list = undefined));
    lists.set(db, created);
    state = created;
  }
  return state;
}

/** The whole saved list, read now or taken from memory. */
export function savedList(db: CatalogueDatabase): Promise<SavedList> {
  const state = stateOf(db);
  if (state.list) return state.list;
  const list = db.courses.toArray().then(buildList);
  state.list = list;
  list.then(
    // The search texts are joined once the page is idle, so the first search does not wait for it.
    (read) => whenIdle().then(() => state.list === list && (read.searchText ??= buildSearchText(read.courses))),
    () => {
      if (state.list === list) state.list = undefined;
    },
  );
  return list;
}

/** Whether the whole list is in memory (or on its way), so a short read can be answered from it too. */
export function hasSavedListInMemory(db: CatalogueDatabase): boolean {
  return stateOf(db).list !== undefined;
}
