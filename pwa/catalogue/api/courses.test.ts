/**
 * A course list from the network is written through to the device's copy when it is short (the
 * featured six, a first page), and not when it is long: the sync worker stores every course, and
 * a long write on the main thread made long tasks. Real Dexie over fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import type { Course } from '@contracts/catalogue';
import { catalogueDb } from '@pwa/offline/catalogue-db';
import { makeCourse } from '@pwa/test-support/course-fixture';
import { fetchCourses, WRITE_THROUGH_MAX } from './courses';

const courses = (prefix: string, count: number): Course[] => Array.from({ length: count }, (_, index) => makeCourse({ id: `${prefix}-${index}` }));

function answer(list: Course[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(list), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await catalogueDb.courses.clear();
});

it('keeps a short answer on the device and leaves a long one to the sync', async () => {
  const long = courses('long', WRITE_THROUGH_MAX + 1);
  answer(long);
  expect(await fetchCourses({ view: 'summary' })).toHaveLength(WRITE_THROUGH_MAX + 1);

  const short = courses('short', 6);
  answer(short);
  expect(await fetchCourses({ limit: 6, view: 'summary' })).toHaveLength(6);

  // The short answer's write lands; by then the long one's would have too, had it been made.
  await vi.waitFor(async () => expect(await catalogueDb.courses.count()).toBe(6));
  expect((await catalogueDb.courses.toArray()).map((course) => course.id).sort()).toEqual(short.map((course) => course.id).sort());
});

it('keeps an answer of exactly the limit', async () => {
  answer(courses('edge', WRITE_THROUGH_MAX));
  await fetchCourses({ view: 'summary' });
  await vi.waitFor(async () => expect(await catalogueDb.courses.count()).toBe(WRITE_THROUGH_MAX));
});
