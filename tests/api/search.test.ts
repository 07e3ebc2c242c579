/**
 * Search (contracts/search.ts): the term at the start of a word of the title, code or
 * description, ignoring case — found through the full-text index on both engines, and the same
 * answer the offline copy gives (`filterCourses`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterCourses } from '@contracts/course-filter';
import { createCourse, updateCourse } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  ids.validation = (
    await createCourse(db.knex, {
      title: 'Process Validation Essentials',
      code: 'PV-201',
      description: '<p>All about the <strong>CAPA</strong> lifecycle.</p>',
    })
  ).id;
  ids.metadata = (await createCourse(db.knex, { title: 'Metadata in eTMF', code: 'ETMF9', description: '<p>What auditors will ask.</p>' })).id;
  ids.german = (await createCourse(db.knex, { title: 'Qualitätssicherung für Labore', code: 'QS-DE1', description: '<p>ÜBERBLICK über GxP.</p>' })).id;
  ids.percent = (await createCourse(db.knex, { title: '100% Data Integrity', code: 'DI100', description: null })).id;
});

afterAll(async () => {
  await api?.close();
  await db?.destroy();
});

async function search(term: string): Promise<string[]> {
  const response = await api.get(`/api/courses?search=${encodeURIComponent(term)}`);
  expect(response.status).toBe(200);
  return response.body.map((c: { id: string }) => c.id).sort();
}

describe('search', () => {
  it('finds words by their start in title, code and description, ignoring case', async () => {
    expect(await search('valid')).toEqual([ids.validation]);
    expect(await search('VALIDATION ess')).toEqual([ids.validation]);
    expect(await search('capa')).toEqual([ids.validation]);
    expect(await search('pv-2')).toEqual([ids.validation]);
    expect(await search('etmf')).toEqual([ids.metadata]);
  });

  it('does not find the middle of a word', async () => {
    expect(await search('dation')).toEqual([]);
    expect(await search('data')).toEqual([ids.percent]);
  });

  it('finds common short words and letters outside ASCII', async () => {
    expect(await search('about')).toEqual([ids.validation]);
    expect(await search('will')).toEqual([ids.metadata]);
    expect(await search('qualitäts')).toEqual([ids.german]);
    expect(await search('überblick')).toEqual([ids.german]);
    expect(await search('gx')).toEqual([ids.german]);
  });

  it('takes punctuation and pattern characters literally', async () => {
    expect(await search('100%')).toEqual([ids.percent]);
    expect(await search('100% data')).toEqual([ids.percent]);
    expect(await search('%')).toEqual([]);
    expect(await search('.*')).toEqual([]);
    expect(await search('"capa')).toEqual([]);
  });

  it('follows a course renamed (the index is kept in step with the write)', async () => {
    await updateCourse(db.knex, ids.metadata!, { title: 'Trial Master File Essentials' });
    expect(await search('metadata')).toEqual([]);
    expect(await search('trial master')).toEqual([ids.metadata]);
  });

  it('gives the same answer as the offline copy for every term', async () => {
    const everything = (await api.get('/api/courses')).body;
    for (const term of ['valid', 'capa', 'dation', 'about', 'überblick', '100%', 'pv-2', 'gx', 'essentials', 'e', '-']) {
      expect(await search(term), term).toEqual(
        filterCourses(everything, { search: term })
          .map((c) => c.id)
          .sort(),
      );
    }
  });
});
