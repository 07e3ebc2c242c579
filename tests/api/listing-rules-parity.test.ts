/**
 * The listing rules exist twice: as SQL (GET /api/courses) and as a pure filter the PWA runs on
 * its offline copy (contracts/course-filter.ts). This runs both over the same catalogue — the
 * demo seed plus awkward cases — for many queries and requires the same courses in the same order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@contracts/catalogue';
import { filterCourses } from '@contracts/course-filter';
import { sanitizeRichText } from '../../api/lib/sanitize-html';
import { seedDemoCatalogue } from '../../db/seeds/demo-catalogue';
import { createCourse } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let everything: Course[];

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoCatalogue(db.knex, { sanitize: sanitizeRichText });
  // Awkward cases: LIKE wildcards, case, undated ties, lower-case first letters, inactive.
  await createCourse(db.knex, { title: '100% Data Integrity', code: 'PCT_100', type: 'recorded_course', category: 'Quality', startDate: null });
  await createCourse(db.knex, { title: 'eCTD Submissions', code: 'ECTD1', type: 'recorded_course', category: 'regulatory affairs', startDate: null });
  await createCourse(db.knex, { title: 'Zeta Validation', code: 'ZV_1', type: 'live_webinar', category: 'Validation', startDate: '2027-01-10T15:00:00.000Z' });
  await createCourse(db.knex, { title: 'alpha validation', code: 'AV_1', type: 'live_webinar', category: 'VALIDATION', startDate: '2027-01-10T15:00:00.000Z' });
  await createCourse(db.knex, {
    title: 'Hidden Course',
    code: 'HID1',
    type: 'webinar',
    category: 'Quality',
    isActive: false,
    description: '<p>gmp secret</p>',
  });
  api = await startTestServer(db.knex);
  everything = (await api.get('/api/sync/catalogue')).body.courses;
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const QUERIES = [
  '',
  'type=live_seminar',
  'type=live_webinar',
  'type=webinar',
  'type=recorded_webinar,recorded_seminar,recorded_course',
  'type=recorded_course',
  'category=pack',
  'category=PACK',
  'category=validation',
  'search=gmp',
  'search=GMP',
  'search=%25',
  'search=_',
  'search=100%25',
  'search=audit',
  'search=ectd',
  'search=validation',
  'search=%20fda%20',
  'type=live_webinar&search=validation',
  'type=webinar&category=pack&search=data',
  'search=no-such-thing-anywhere',
];

describe('SQL listing rules and the offline filter', () => {
  it('answer every query with the same courses in the same order', async () => {
    expect(everything.length).toBeGreaterThan(40);
    const mismatches: Record<string, { api: string[]; offline: string[] }> = {};
    for (const query of QUERIES) {
      const response = await api.get(`/api/courses${query ? `?${query}` : ''}`);
      expect(response.status, query).toBe(200);
      const params = new URLSearchParams(query);
      const offline = filterCourses(everything, {
        type: params.get('type')?.split(',') as Course['type'][] | undefined,
        category: params.get('category') ?? undefined,
        search: params.get('search') ?? undefined,
      });
      const fromApi = (response.body as Course[]).map((c) => c.title);
      const fromCopy = offline.map((c) => c.title);
      if (JSON.stringify(fromApi) !== JSON.stringify(fromCopy)) mismatches[query || '(all)'] = { api: fromApi, offline: fromCopy };
    }
    expect(mismatches).toEqual({});
  });
});
