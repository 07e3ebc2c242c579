/**
 * The second half of the offline copy: course descriptions and instructor bios, after the summary
 * copy (catalogue-sync.ts). After a full snapshot every course's details are fetched by paging
 * through `GET /api/courses?limit=100` (the next page from the `Link` header), one page per task
 * with a pause between pages; after a delta, only the changed courses' (`GET /api/courses/:id`).
 * Where the pass has got to is kept in `meta`, so a closed tab resumes it on the next visit. Only
 * the details of courses already saved are written, and only the details.
 */
import { COURSE_PAGE_MAX, type Course } from '@contracts/catalogue';
import { apiRequest, ApiError } from '../../lib/api-client';
import type { CatalogueDatabase } from './catalogue-db';
import { DETAILS_PAGE_KEY, DETAILS_PENDING_KEY } from './saved-catalogue';
import { nextTask } from '../../lib/yield';

export { DETAILS_PAGE_KEY, DETAILS_PENDING_KEY };
/** Past this many changed courses, paging through them all is cheaper than one request each. */
const MAX_LISTED = 200;
export const FIRST_DETAILS_PAGE = `/api/courses?limit=${COURSE_PAGE_MAX}`;

/** Records that these courses' details (or all) are to be fetched; call inside a transaction over `meta`. */
export async function markDetailsPending(db: CatalogueDatabase, ids: 'all' | readonly string[]): Promise<void> {
  const current = (await db.meta.get(DETAILS_PENDING_KEY))?.value;
  if (ids === 'all' || current === 'all') {
    if (ids === 'all') await db.meta.delete(DETAILS_PAGE_KEY);
    await db.meta.put({ key: DETAILS_PENDING_KEY, value: 'all' });
    return;
  }
  const listed = new Set<string>([...(current ? (JSON.parse(current) as string[]) : []), ...ids]);
  await db.meta.put({ key: DETAILS_PENDING_KEY, value: listed.size > MAX_LISTED ? 'all' : JSON.stringify([...listed]) });
}

/** The `rel="next"` address of a `Link` header. */
export function nextPageOf(link: string | null): string | undefined {
  return link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] : undefined;
}

/** Writes the description and bio of the given courses that are saved; returns how many. */
export async function storeDetails(db: CatalogueDatabase, courses: readonly Course[]): Promise<number> {
  return db.transaction('rw', db.courses, async () => {
    const stored = await db.courses.bulkGet(courses.map((course) => course.id));
    const updated = courses.flatMap((course, index) => {
      const saved = stored[index];
      return saved ? [{ ...saved, description: course.description, instructorBio: course.instructorBio }] : [];
    });
    await db.courses.bulkPut(updated);
    return updated.length;
  });
}

async function pageThroughAll(db: CatalogueDatabase): Promise<void> {
  // Claim the work: from here on the page address is the record of it.
  let url = await db.transaction('rw', db.meta, async () => {
    const resume = (await db.meta.get(DETAILS_PAGE_KEY))?.value ?? FIRST_DETAILS_PAGE;
    await db.meta.put({ key: DETAILS_PAGE_KEY, value: resume });
    if ((await db.meta.get(DETAILS_PENDING_KEY))?.value === 'all') await db.meta.delete(DETAILS_PENDING_KEY);
    return resume;
  });
  for (;;) {
    const response = await apiRequest('GET', url);
    const next = nextPageOf(response.headers.get('Link'));
    await storeDetails(db, (await response.json()) as Course[]);
    if (next) await db.meta.put({ key: DETAILS_PAGE_KEY, value: next });
    else await db.meta.delete(DETAILS_PAGE_KEY);
    if (!next) return;
    url = next;
    await nextTask();
  }
}

async function fetchListed(db: CatalogueDatabase, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    try {
      const response = await apiRequest('GET', `/api/courses/${encodeURIComponent(id)}`);
      await storeDetails(db, [(await response.json()) as Course]);
    } catch (error) {
      // Gone since (404): nothing to fetch. Anything else stops the pass until the next sync.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    await db.transaction('rw', db.meta, async () => {
      const current = (await db.meta.get(DETAILS_PENDING_KEY))?.value;
      if (!current || current === 'all') return;
      const left = (JSON.parse(current) as string[]).filter((pending) => pending !== id);
      if (left.length) await db.meta.put({ key: DETAILS_PENDING_KEY, value: JSON.stringify(left) });
      else await db.meta.delete(DETAILS_PENDING_KEY);
    });
    await nextTask();
  }
}

/** Fetches the details still missing, in the background; stops at the first failure (offline). */
export async function syncCourseDetails(db: CatalogueDatabase): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    const pending = (await db.meta.get(DETAILS_PENDING_KEY))?.value;
    const paging = (await db.meta.get(DETAILS_PAGE_KEY))?.value;
    if (pending === 'all' || paging) await pageThroughAll(db);
    else if (pending) await fetchListed(db, JSON.parse(pending) as string[]);
    else return;
  }
}
