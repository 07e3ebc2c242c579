/**
 * The storefront listing reads its order from an index (migration 14, `orderByStartDate`): the
 * query `listCourses` builds — the whole listing, one type, a page, a later page by cursor (dated
 * and undated) — is explained on the engine under test, and must not sort: no "Using filesort" on
 * MySQL/MariaDB, no "USE TEMP B-TREE FOR ORDER BY" on SQLite. The pages still walk the catalogue
 * in exactly the offline copy's order (`compareCoursesByStartDate`).
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course as CourseDto, CourseQuery } from '@contracts/catalogue';
import { compareCoursesByStartDate } from '@contracts/course-filter';
import { CatalogueService } from '@api/services/catalogue/catalogue-service';
import { createCourse } from './support/factories';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';

let db: TestDatabase;
let catalogue: CatalogueService;

const TYPES = ['live_seminar', 'live_webinar', 'recorded_webinar'] as const;

beforeAll(async () => {
  db = await createTestDatabase();
  catalogue = new CatalogueService(db.knex);
  // Dated and undated courses of three types, start dates shared, titles differing only in case, some inactive.
  for (let i = 0; i < 60; i += 1) {
    const day = String(1 + (i % 9)).padStart(2, '0');
    await createCourse(db.knex, {
      title: `${i % 2 ? 'course' : 'Course'} ${String.fromCharCode(65 + (i % 4))} ${i % 7}`,
      type: TYPES[i % 3],
      startDate: i % 5 === 4 ? null : `2027-03-${day}T15:00:00.000Z`,
      isActive: i % 11 !== 10,
    });
  }
});

afterAll(async () => {
  await db?.destroy();
});

interface Captured {
  sql: string;
  bindings: readonly Knex.RawBinding[];
}

/** Runs `listCourses(query)` and returns its answer and the SQL of its courses query (the one with the order). */
async function listWithSql(query: CourseQuery): Promise<{ page: Awaited<ReturnType<CatalogueService['listCourses']>>; statement: Captured }> {
  const statements: Captured[] = [];
  const listener = (q: Captured) => statements.push({ sql: q.sql, bindings: q.bindings });
  db.knex.on('query', listener);
  try {
    const page = await catalogue.listCourses(query);
    const ordered = statements.filter((s) => /from [`"]courses[`"]/i.test(s.sql) && /order by/i.test(s.sql));
    expect(ordered, JSON.stringify(statements.map((s) => s.sql))).toHaveLength(1);
    return { page, statement: ordered[0]! };
  } finally {
    db.knex.off('query', listener);
  }
}

/** The engine's plan of `statement`, one line per step: MySQL's EXPLAIN rows, SQLite's EXPLAIN QUERY PLAN details. */
async function plan(statement: Captured): Promise<string[]> {
  if (testEngine() === 'mysql') {
    const [rows] = (await db.knex.raw(`explain ${statement.sql}`, statement.bindings)) as [
      Array<{ table: string; type: string; key: string | null; Extra: string | null }>,
    ];
    return rows.map((r) => `${r.table} ${r.type} key=${r.key} ${r.Extra ?? ''}`);
  }
  const rows = (await db.knex.raw(`explain query plan ${statement.sql}`, statement.bindings)) as Array<{ detail: string }>;
  return rows.map((r) => r.detail);
}

/** The plan reads the courses through a listing index and sorts nothing. */
const readsInIndexOrder = (lines: string[]) => {
  const text = lines.join('\n');
  return !/filesort/i.test(text) && !/TEMP B-TREE/i.test(text) && /courses_listing(_type)?_idx/.test(text);
};

describe('the listing query reads its order from an index', () => {
  it('the whole listing, one type, a page, and later pages after dated and undated cursors', async () => {
    const cases: Array<[string, CourseQuery]> = [
      ['all courses', {}],
      ['one type', { type: ['live_webinar'] }],
      ['a page', { limit: 5 }],
      ['a page of one type', { type: ['live_seminar'], limit: 5, view: 'summary' }],
    ];
    // Cursors: after a dated course (the first page) and after an undated one (pages of 1 up to the first undated course).
    const firstPage = await catalogue.listCourses({ limit: 5 });
    let undatedCursor: string | null = null;
    for (let cursor: string | undefined; !undatedCursor;) {
      const page = await catalogue.listCourses({ limit: 1, ...(cursor ? { cursor } : {}) });
      expect(page.nextCursor).not.toBeNull();
      if ((page.courses[0] as CourseDto).startDate === null) undatedCursor = page.nextCursor;
      cursor = page.nextCursor!;
    }
    cases.push(
      ['a later page (dated cursor)', { limit: 5, cursor: firstPage.nextCursor! }],
      ['a later page (undated cursor)', { limit: 5, cursor: undatedCursor }],
      ['a later page of one type', { type: ['live_webinar'], limit: 3, cursor: firstPage.nextCursor! }],
    );
    const sorting: Record<string, string[]> = {};
    for (const [label, query] of cases) {
      const lines = await plan((await listWithSql(query)).statement);
      if (!readsInIndexOrder(lines)) sorting[label] = lines;
    }
    expect(sorting).toEqual({});
  });

  it('keeps the offline copy’s order across pages, with and without a type', async () => {
    for (const type of [undefined, ['live_webinar' as const]]) {
      const all = (await catalogue.listCourses(type ? { type } : {})).courses as CourseDto[];
      expect(all.map((c) => c.id)).toEqual([...all].sort(compareCoursesByStartDate).map((c) => c.id));
      const walked: string[] = [];
      let cursor: string | undefined;
      do {
        const { page } = await listWithSql({ ...(type ? { type } : {}), limit: 4, ...(cursor ? { cursor } : {}) });
        walked.push(...page.courses.map((c) => c.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(walked).toEqual(all.map((c) => c.id));
      // Generated columns never reach the answer.
      expect(Object.keys(all[0]!)).not.toEqual(expect.arrayContaining(['listingTitle']));
      expect(Object.keys(all[0]!)).not.toEqual(expect.arrayContaining(['listingUndated']));
    }
  });
});
