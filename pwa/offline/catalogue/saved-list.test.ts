/**
 * Listings and searches on the device's copy are answered from the saved list held in memory:
 * the answers are the shared rule's exactly (case, word starts, letters that fold alike, terms
 * with regular-expression characters, inactive courses, type filters, `limit`), and any write to
 * the saved courses — from this page or another context, as the sync worker writes — is seen by
 * the next read. Real Dexie over fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Course, CourseQuery } from '@contracts/catalogue';
import { filterCourses } from '@contracts/course-filter';
import { CatalogueDatabase } from './catalogue-db';
import { readSavedCourses } from './saved-catalogue';
import { makeCourse } from '../../test-support/course-fixture';

const TEXTS: Array<[title: string, description: string | null]> = [
  ['Validation of Computerized Systems', '<p>The CAPA lifecycle, step by step.</p>'],
  ['Invalidated results: what to do', '<p>Out-of-specification handling.</p>'],
  ['C++ for lab automation', '<p>Robots and (regular) expressions.</p>'],
  ['Straße und Maße', '<p>GROSSE STRASSE</p>'],
  ['ẞ capital sharp s', null],
  ['Kelvin scale: \u212Aelvin', '<p>temperature mapping</p>'],
  ['Long \u017Fs typography', '<p>historic printing</p>'],
  ['Greek ΟΔΟΣ and οδος', '<p>final ς sigma</p>'],
  ['İstanbul site audit', '<p>Dotted İ and dotless ı</p>'],
  ['zebrafish toxicology', '<p>Includes a Zebrafish case study.</p>'],
  ['Data integrity', '<p>ALCOA+ and audit trails; validation-ready.</p>'],
  ['Undated course', '<p>valid for everyone</p>'],
];

function course(index: number): Course {
  const [title, description] = TEXTS[index % TEXTS.length]!;
  return makeCourse({
    id: `course-${String(index).padStart(3, '0')}`,
    title,
    code: `GMP-${index}`,
    description,
    type: index % 3 === 0 ? 'live_seminar' : 'recorded_course',
    isActive: index % 11 !== 5,
    startDate: index % 7 === 0 ? null : `2026-0${(index % 9) + 1}-1${index % 10}T10:00:00.000Z`,
  });
}

const COURSES = Array.from({ length: 60 }, (_, index) => course(index));

const TERMS = [
  'valid',
  'VALIDATION',
  'dated',
  'capa',
  'c++',
  '(regular)',
  'straße',
  'STRASSE',
  'ss',
  'ß',
  'ẞ',
  'k',
  'kelvin',
  '\u212A',
  's',
  'ſ',
  'σ',
  'ς',
  'οδος',
  'i',
  'ı',
  'İ',
  'zebrafish',
  'zebrafish toxicology',
  'gmp-1',
  'GMP-12',
  '+',
  'audit trails',
  'nothing-like-this',
];

let db: CatalogueDatabase;

beforeEach(async () => {
  db = new CatalogueDatabase(`saved-list-test-${Math.random()}`);
  await db.courses.bulkPut(COURSES);
});

afterEach(async () => {
  await db.delete();
});

describe('listings and search on the saved copy', () => {
  it('answer exactly as the shared rule does, for every term, type filter and limit', async () => {
    for (const search of TERMS) {
      for (const query of [{ search }, { search, type: ['live_seminar'] }, { search, limit: 3 }] as CourseQuery[]) {
        const expected = filterCourses(COURSES, query).map((found) => found.id);
        const ids = (await readSavedCourses(db, query)).map((found) => found.id);
        expect(ids, JSON.stringify(query)).toEqual(query.limit ? expected.slice(0, query.limit) : expected);
      }
    }
    // The listing itself, and a short read once the whole list is in memory.
    expect((await readSavedCourses(db, {})).map((found) => found.id)).toEqual(filterCourses(COURSES, {}).map((found) => found.id));
    expect((await readSavedCourses(db, { limit: 5 })).map((found) => found.id)).toEqual(
      filterCourses(COURSES, {})
        .slice(0, 5)
        .map((found) => found.id),
    );
    // Sanity: the terms do find courses, and some find several.
    expect((await readSavedCourses(db, { search: 'valid' })).map((found) => found.title)).toEqual(
      expect.arrayContaining(['Validation of Computerized Systems', 'Undated course']),
    );
    expect(await readSavedCourses(db, { search: 'dated' })).toEqual([]);
  });

  it('see a write made here or by another context (the sync worker) at the next read', async () => {
    expect(await readSavedCourses(db, { search: 'lyophilization' })).toEqual([]);

    // Another Dexie instance on the same database, as the sync worker has.
    const worker = new CatalogueDatabase(db.name);
    await worker.courses.put({ ...COURSES[1]!, description: '<p>All about lyophilization</p>' });
    expect((await readSavedCourses(db, { search: 'lyophilization' })).map((found) => found.id)).toEqual(['course-001']);

    await db.courses.update('course-001', { isActive: false });
    expect(await readSavedCourses(db, { search: 'lyophilization' })).toEqual([]);

    await worker.courses.delete('course-000');
    expect((await readSavedCourses(db, {})).map((found) => found.id)).not.toContain('course-000');
    worker.close();
  });

  it('answers a repeated question alike, and an answer changed by its reader leaves the next one whole', async () => {
    const query: CourseQuery = { search: 'valid', type: ['recorded_course'] };
    const expected = filterCourses(COURSES, query).map((found) => found.id);
    const first = await readSavedCourses(db, query);
    // The listing's first page asks the same question with a limit.
    expect((await readSavedCourses(db, { ...query, limit: 2 })).map((found) => found.id)).toEqual(expected.slice(0, 2));
    first.splice(0, first.length);
    expect((await readSavedCourses(db, query)).map((found) => found.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(2);
  });

  it('does not keep a list read while a write was being made', async () => {
    const reading = readSavedCourses(db, {});
    await db.courses.put({ ...COURSES[2]!, title: 'Renamed while reading' });
    await reading;
    expect((await readSavedCourses(db, { search: 'renamed' })).map((found) => found.id)).toEqual(['course-002']);
  });
});
