/**
 * The offline copy is filled summary first, then details: the sync asks for `view=summary`, a
 * background pass pages through `GET /api/courses?limit=100` by its `Link` header and stores the
 * descriptions and bios, a later summary never removes a stored description, and offline search
 * over descriptions works once the details are stored. Fake API, real Dexie over fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '@contracts/catalogue';
import { CatalogueDatabase } from './catalogue-db';
import { DETAILS_PAGE_KEY, DETAILS_PENDING_KEY, nextPageOf, syncCourseDetails } from './catalogue-details';
import { syncCatalogue } from './catalogue-sync';
import { collectImageUrls } from './catalogue-images';
import { CURSOR_KEY, readSavedCourses } from './saved-catalogue';
import { makeCourse } from '../../test-support/course-fixture';

function course(index: number): Course {
  return makeCourse({
    id: `course-${String(index).padStart(3, '0')}`,
    title: `Course ${index}`,
    code: `C${index}`,
    description: `<p>All about ${index === 7 ? 'lyophilization' : 'compliance'}</p>`,
    startDate: `2026-01-${String((index % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
    instructorBio: `<p>Bio ${index}</p>`,
  });
}

const COURSES = Array.from({ length: 250 }, (_, index) => course(index));
const summary = ({ description: _d, instructorBio: _b, ...rest }: Course) => rest;
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

let cursor = 1;
let delta: Course[] = [];
const requests: string[] = [];
const api = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  requests.push(`${url.pathname}${url.search}`);
  if (url.pathname === '/api/sync/catalogue') {
    const since = url.searchParams.get('since');
    const courses = since ? delta : COURSES;
    return json({
      full: !since,
      cursor: String(++cursor),
      courses: courses.map(summary),
      pricingTiers: [],
      instructors: [],
      removed: { courses: [], pricingTiers: [], instructors: [] },
    });
  }
  if (url.pathname === '/api/courses') {
    const limit = Number(url.searchParams.get('limit'));
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const page = COURSES.slice(start, start + limit);
    const next = start + limit < COURSES.length ? { Link: `</api/courses?limit=${limit}&cursor=${start + limit}>; rel="next"` } : undefined;
    return json(page, next);
  }
  const one = /^\/api\/courses\/(.+)$/.exec(url.pathname)?.[1];
  const found = COURSES.find((candidate) => candidate.id === one);
  return found ? json(found) : new Response('{"message":"Course not found"}', { status: 404 });
});

let db: CatalogueDatabase;

beforeEach(() => {
  db = new CatalogueDatabase(`sync-test-${Math.random()}`);
  requests.length = 0;
  delta = [];
  vi.stubGlobal('fetch', api);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

describe('the offline copy', () => {
  it('stores the summary of every course first, without descriptions', async () => {
    await syncCatalogue(db);
    expect(requests).toEqual(['/api/sync/catalogue?view=summary']);
    expect(await db.courses.count()).toBe(COURSES.length);
    expect((await db.courses.get('course-007'))?.description).toBeUndefined();
    expect((await db.meta.get(DETAILS_PENDING_KEY))?.value).toBe('all');
  });

  it('then pages through the details 100 at a time by the Link header, and search finds words of descriptions', async () => {
    await syncCatalogue(db);
    expect(await readSavedCourses(db, { search: 'lyophilization' })).toEqual([]);

    await syncCourseDetails(db);
    expect(requests.slice(1)).toEqual(['/api/courses?limit=100', '/api/courses?limit=100&cursor=100', '/api/courses?limit=100&cursor=200']);
    expect((await db.courses.get('course-007'))?.description).toBe('<p>All about lyophilization</p>');
    expect((await db.courses.get('course-249'))?.instructorBio).toBe('<p>Bio 249</p>');
    expect((await readSavedCourses(db, { search: 'lyophilization' })).map((found) => found.id)).toEqual(['course-007']);
    expect(await db.meta.get(DETAILS_PENDING_KEY)).toBeUndefined();
    expect(await db.meta.get(DETAILS_PAGE_KEY)).toBeUndefined();
  });

  it('resumes an interrupted pass at the page it had reached', async () => {
    await syncCatalogue(db);
    await db.meta.delete(DETAILS_PENDING_KEY);
    await db.meta.put({ key: DETAILS_PAGE_KEY, value: '/api/courses?limit=100&cursor=200' });
    await syncCourseDetails(db);
    expect(requests.slice(1)).toEqual(['/api/courses?limit=100&cursor=200']);
    expect((await db.courses.get('course-249'))?.description).toBeTruthy();
  });

  it('never replaces a stored description with a summary, and fetches a changed course’s details again', async () => {
    await syncCatalogue(db);
    await syncCourseDetails(db);
    delta = [{ ...COURSES[7]!, title: 'Course 7, renamed' }];
    requests.length = 0;

    await syncCatalogue(db);
    expect(requests).toEqual([`/api/sync/catalogue?view=summary&since=${cursor - 1}`]);
    const renamed = await db.courses.get('course-007');
    expect(renamed?.title).toBe('Course 7, renamed');
    expect(renamed?.description).toBe('<p>All about lyophilization</p>');

    await syncCourseDetails(db);
    expect(requests.slice(1)).toEqual(['/api/courses/course-007']);
    expect(await db.meta.get(DETAILS_PENDING_KEY)).toBeUndefined();
  });

  it('a sync with no changes leaves the saved courses untouched: the list held in memory stays', async () => {
    await syncCatalogue(db);
    let changes = 0;
    const stop = db.onCoursesChanged(() => (changes += 1));
    try {
      await syncCatalogue(db);
      expect(requests.at(-1)).toBe(`/api/sync/catalogue?view=summary&since=${cursor - 1}`);
      expect((await db.meta.get(CURSOR_KEY))?.value).toBe(String(cursor));
      // A change is signalled as its transaction commits: one that is made now shows it was seen.
      delta = [{ ...COURSES[3]!, title: 'Course 3, renamed' }];
      await syncCatalogue(db);
      await vi.waitFor(() => expect(changes).toBe(1));
    } finally {
      stop();
    }
  });

  it('a full snapshot over a saved copy keeps the descriptions stored before it and drops the courses gone', async () => {
    // One course saved with its details before the first sync (a course page visited), and one
    // the catalogue no longer has.
    await db.courses.bulkPut([COURSES[7]!, makeCourse({ id: 'course-gone', title: 'Gone' })]);
    await syncCatalogue(db);
    expect((await db.courses.get('course-007'))?.description).toBe('<p>All about lyophilization</p>');
    expect((await db.courses.get('course-007'))?.instructorBio).toBe('<p>Bio 7</p>');
    expect((await db.courses.get('course-008'))?.description).toBeUndefined();
    expect(await db.courses.get('course-gone')).toBeUndefined();
    expect(await db.courses.count()).toBe(COURSES.length);

    // A full snapshot again (the copy's cursor lost), written 100 courses at a time: every stored
    // description stays.
    await syncCourseDetails(db);
    await db.meta.delete(CURSOR_KEY);
    await syncCatalogue(db, { chunk: 100 });
    expect(await db.courses.count()).toBe(COURSES.length);
    expect((await db.courses.toArray()).filter((saved) => saved.description === undefined)).toEqual([]);
  });
});

describe('the catalogue images for the service worker', () => {
  it('lists both sizes of every uploaded image and the bundled images, once each', async () => {
    const upload = '/objects/uploads/0b0b0b0b-1111-4222-8333-444444444444.webp';
    await db.courses.bulkPut([
      makeCourse({ id: 'a', image: upload, instructorImage: '/images/instructor.jpg' }),
      makeCourse({ id: 'b', image: upload, instructorImage: null }),
      makeCourse({ id: 'c', image: 'https://elsewhere.example/x.png', instructorImage: null }),
    ]);
    await db.instructors.bulkPut([
      { id: 'i', name: 'I', title: null, bio: null, image: '/images/expert.jpg', email: null, createdAt: '', updatedAt: '' } as never,
    ]);
    expect((await collectImageUrls(db)).sort()).toEqual([
      '/images/expert.jpg',
      '/images/instructor.jpg',
      '/objects/uploads/0b0b0b0b-1111-4222-8333-444444444444-400.webp',
      upload,
    ]);
  });
});

it('reads the next page from a Link header', () => {
  expect(nextPageOf('</api/courses?limit=100&cursor=abc>; rel="next"')).toBe('/api/courses?limit=100&cursor=abc');
  expect(nextPageOf(null)).toBeUndefined();
});
