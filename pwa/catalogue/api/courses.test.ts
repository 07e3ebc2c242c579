/**
 * A course list from the network is written through to the device's copy when it is short (the
 * featured six, a first page), and not when it is long: the sync worker stores every course, and
 * a long write on the main thread made long tasks. Only courses that differ from the saved ones
 * are written: any write drops the whole list the device holds in memory. Real Dexie over
 * fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import type { Course } from '@contracts/catalogue';
import { catalogueDb } from '@pwa/offline/catalogue/catalogue-db';
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

it('writes through only the courses that differ from the saved ones, keeping their descriptions', async () => {
  const saved = courses('saved', 3).map((course) => ({ ...course, description: `<p>About ${course.id}</p>` }));
  await catalogueDb.courses.bulkPut(saved);
  // A first page as the listing asks for it: card fields only, no descriptions.
  const summaries = saved.map(({ description: _description, instructorBio: _bio, ...card }) => card as Course);
  let writes = 0;
  const stop = catalogueDb.onCoursesChanged(() => (writes += 1));
  try {
    answer(summaries);
    await fetchCourses({ limit: 3, view: 'summary' });
    // The same answer again: nothing to write (the write would be seen by now; see below).
    answer([{ ...summaries[0]!, title: 'Renamed on the server' }, summaries[1]!, summaries[2]!]);
    await fetchCourses({ limit: 3, view: 'summary' });
    await vi.waitFor(async () => expect((await catalogueDb.courses.get('saved-0'))?.title).toBe('Renamed on the server'));
    await vi.waitFor(() => expect(writes).toBe(1));
    expect((await catalogueDb.courses.get('saved-0'))?.description).toBe('<p>About saved-0</p>');
    expect((await catalogueDb.courses.bulkGet(['saved-1', 'saved-2'])).map((course) => course?.title)).toEqual(saved.slice(1).map((course) => course.title));
  } finally {
    stop();
  }
});
