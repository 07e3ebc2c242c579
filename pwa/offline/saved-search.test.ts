/**
 * Search on the device reads through the saved copy's word index: every write keeps a course's
 * words, a database saved before the index existed gets them on upgrade, and the indexed answer is
 * exactly the rule's answer over every saved course. Real Dexie over fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { Course, CourseQuery } from '@contracts/catalogue';
import { filterCourses } from '@contracts/course-filter';
import { CatalogueDatabase } from './catalogue-db';
import { readSavedCourses, saveCourses } from './saved-catalogue';
import { makeCourse } from '../test-support/course-fixture';

const COURSES: Course[] = [
  makeCourse({ id: 'a', title: 'CAPA Lifecycle Essentials', code: 'LIVE-26A', description: '<p>Root-cause analysis and the CAPA lifecycle.</p>', startDate: '2026-03-01T14:00:00.000Z' }),
  makeCourse({ id: 'b', title: 'Validation of Computerized Systems', code: 'SEM-ABC', description: '<p>GAMP 5, data integrity &amp; 21 CFR Part 11.</p>', startDate: '2026-02-01T14:00:00.000Z', type: 'live_seminar' }),
  makeCourse({ id: 'c', title: 'Zebrafish Models in Toxicology', code: 'REC-ZF1', description: '<p>Über die Zebrafisch-Forschung: dosing, endpoints.</p>' }),
  makeCourse({ id: 'd', title: 'Cleaning validation', code: 'LIVE-CV', description: null, startDate: '2026-02-01T14:00:00.000Z', isActive: false }),
  makeCourse({ id: 'e', title: 'Revalidation strategies', code: 'X-1', description: '<p>Periodic review: revalidation is not a word starting with the term.</p>' }),
];

const databases: CatalogueDatabase[] = [];
function open(name = `search-${Math.random()}`) {
  const db = new CatalogueDatabase(name);
  databases.push(db);
  return db;
}

afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

describe('search on the saved copy', () => {
  it('keeps each course’s words in an index, on every write', async () => {
    const db = open();
    await saveCourses(db, COURSES);
    expect(await db.courses.where('words').equals('zebrafisch').primaryKeys()).toEqual(['c']);
    await db.courses.update('c', { description: '<p>Now about lyophilization.</p>' });
    expect(await db.courses.where('words').equals('zebrafisch').primaryKeys()).toEqual([]);
    expect(await db.courses.where('words').equals('lyophilization').primaryKeys()).toEqual(['c']);
    // Screens never see the index's field.
    const [found] = await readSavedCourses(db, { search: 'lyophil' });
    expect(found?.id).toBe('c');
    expect(found).not.toHaveProperty('words');
  });

  it('answers exactly what the rule answers over every course', async () => {
    const db = open();
    await saveCourses(db, COURSES);
    const queries: CourseQuery[] = [
      { search: 'capa' },
      { search: 'CAPA life' },
      { search: 'valid' },
      { search: 'dation' },
      { search: 'root-cause' },
      { search: '-cause' },
      { search: '21 cfr' },
      { search: 'über' },
      { search: 'LIVE-26' },
      { search: 'valid', type: ['live_seminar'] },
      { search: 'zebrafish', limit: 1 },
      { search: '&amp' },
    ];
    for (const query of queries) {
      const expected = filterCourses(COURSES, query).map((course) => course.id).slice(0, query.limit);
      expect((await readSavedCourses(db, query)).map((course) => course.id), JSON.stringify(query)).toEqual(expected);
    }
    expect((await readSavedCourses(db, { search: 'valid' })).map((course) => course.id)).toEqual(['b']);
  });

  it('answers a term most courses match (read as one scan of the copy) exactly as the rule does', async () => {
    const db = open();
    const many = Array.from({ length: 450 }, (_, index) =>
      makeCourse({ id: `m${String(index).padStart(3, '0')}`, title: `Common course ${index}`, description: index % 2 ? '<p>validation</p>' : null, startDate: index % 3 ? `2026-04-${String((index % 28) + 1).padStart(2, '0')}T10:00:00.000Z` : null }),
    );
    await saveCourses(db, [...COURSES, ...many]);
    for (const query of [{ search: 'common' }, { search: 'valid' }, { search: 'common', limit: 24 }] as CourseQuery[]) {
      const expected = filterCourses([...COURSES, ...many], query).map((course) => course.id).slice(0, query.limit);
      expect((await readSavedCourses(db, query)).map((course) => course.id), JSON.stringify(query)).toEqual(expected);
    }
  });

  it('indexes the courses a device saved before the index existed', async () => {
    const name = `search-upgrade-${Math.random()}`;
    const old = new Dexie(name);
    old.version(1).stores({ courses: 'id, type, category, startDate', pricingTiers: 'id, courseId', instructors: 'id, name', meta: 'key' });
    await old.table('courses').bulkPut(COURSES);
    old.close();

    const db = open(name);
    expect(await db.courses.where('words').equals('toxicology').primaryKeys()).toEqual(['c']);
    expect((await readSavedCourses(db, { search: 'toxic' })).map((course) => course.id)).toEqual(['c']);
  });
});
