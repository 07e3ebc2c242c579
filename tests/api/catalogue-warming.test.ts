/**
 * The first visit's offline-copy snapshot is built ahead of its visitor (jobs/warm-catalogue-snapshot.ts):
 * when the process starts and once the catalogue has stopped changing after a write, so the
 * `GET /api/sync/catalogue?view=summary` of a first visit is served from the cache, never built
 * for it, and always for the catalogue as it is.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueSyncSchema } from '@contracts/catalogue';
import { catalogueWarmer } from '../../api/jobs/warm-catalogue-snapshot';
import { createCourse, updateCourse } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  // The version is read for every request, as a write made by another process is seen by the next one.
  api = await startTestServer(db.knex, { catalogueCache: { windowMs: 0 } });
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

const FIRST_VISIT = '/api/sync/catalogue?view=summary';

async function firstVisit() {
  const response = await api.get(FIRST_VISIT, { 'accept-encoding': 'br' });
  expect(response.status).toBe(200);
  return {
    etag: response.headers.get('etag'),
    titles: catalogueSyncSchema
      .parse(response.body)
      .courses.map((course) => course.title)
      .sort(),
  };
}

describe("warming the first visit's snapshot", () => {
  it('builds it before the first visit, and again only once the catalogue has settled after a change', async () => {
    const course = await createCourse(db.knex, { title: 'Warm start' });
    const builds = vi.spyOn(api.app.services.catalogueSync, 'sync');
    const warmer = catalogueWarmer(api.app.services);

    expect(await warmer.warm()).toBe(true);
    expect(builds).toHaveBeenCalledTimes(1);
    const warmed = await firstVisit();
    expect(warmed.titles).toEqual(['Warm start']);
    // The visit was served what the job had built.
    expect(builds).toHaveBeenCalledTimes(1);
    // Nothing changed: nothing to build.
    expect(await warmer.warm()).toBe(false);
    expect(builds).toHaveBeenCalledTimes(1);

    // Written by another process: the round that first sees the new version waits for it to settle…
    await updateCourse(db.knex, course.id, { title: 'Renamed' });
    await createCourse(db.knex, { title: 'Added' });
    expect(await warmer.warm()).toBe(false);
    expect(builds).toHaveBeenCalledTimes(1);
    // …and the next one, with the catalogue unchanged since, builds it.
    expect(await warmer.warm()).toBe(true);
    expect(builds).toHaveBeenCalledTimes(2);
    const rewarmed = await firstVisit();
    expect(rewarmed.titles).toEqual(['Added', 'Renamed']);
    expect(rewarmed.etag).not.toBe(warmed.etag);
    expect(builds).toHaveBeenCalledTimes(2);
    builds.mockRestore();
  });

  it('a visit never gets a snapshot older than the catalogue, even before the job has caught up', async () => {
    const warmer = catalogueWarmer(api.app.services);
    await warmer.warm();
    await createCourse(db.knex, { title: 'Not warmed yet' });
    expect((await firstVisit()).titles).toContain('Not warmed yet');
  });

  it('a failed round changes nothing, and the next round builds', async () => {
    const warmer = catalogueWarmer(api.app.services);
    await warmer.warm();
    await createCourse(db.knex, { title: 'After a failed round' });
    await warmer.warm();
    const builds = vi.spyOn(api.app.services.catalogueSync, 'sync').mockRejectedValueOnce(new Error('database gone'));
    await expect(warmer.warm()).rejects.toThrow('database gone');
    expect(await warmer.warm()).toBe(true);
    expect(builds).toHaveBeenCalledTimes(2);
    expect((await firstVisit()).titles).toContain('After a failed round');
    expect(builds).toHaveBeenCalledTimes(2);
    builds.mockRestore();
  });

  it('builds it again when larger answers have pushed it out of the cache', async () => {
    // A cache that keeps only its latest answer: any other read pushes the snapshot out.
    const small = await startTestServer(db.knex, { catalogueCache: { windowMs: 0, maxBytes: 1 } });
    try {
      const warmer = catalogueWarmer(small.app.services);
      expect(await warmer.warm()).toBe(true);
      expect(await warmer.warm()).toBe(false);
      expect((await small.get('/api/courses')).status).toBe(200);
      const builds = vi.spyOn(small.app.services.catalogueSync, 'sync');
      expect(await warmer.warm()).toBe(true);
      expect(builds).toHaveBeenCalledTimes(1);
      expect((await small.get(FIRST_VISIT)).status).toBe(200);
      expect(builds).toHaveBeenCalledTimes(1);
    } finally {
      await small.close();
    }
  });
});
