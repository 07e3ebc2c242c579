/**
 * Catalogue reads at scale: answers cached per catalogue version (also across two app instances
 * on one database, as two API processes would be), ETag / 304, compression, pages with a cursor
 * in the Link header, and the summary view.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSummarySchema } from '@contracts/catalogue';
import { createCourse, createPricingTier, updateCourse } from './support/factories';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

let db: TestDatabase;
let api: TestServer;
let other: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  api = await startTestServer(db.knex);
  other = await startTestServer(db.knex);
  // 30 courses: dated ones (some sharing a start date and differing only in case), undated ones.
  for (let i = 0; i < 30; i += 1) {
    const day = String(1 + (i % 7)).padStart(2, '0');
    await createCourse(db.knex, {
      title: `${i % 2 ? 'course' : 'Course'} ${String.fromCharCode(65 + (i % 5))} ${i}`,
      startDate: i % 6 === 5 ? null : `2027-03-${day}T15:00:00.000Z`,
      description: `<p>${'A long description of what the course covers. '.repeat(20)}</p>`,
      type: i % 3 === 0 ? 'live_seminar' : 'live_webinar',
    });
  }
});

afterAll(async () => {
  await api?.close();
  await other?.close();
  await db?.destroy();
});

const ids = (body: Array<{ id: string }>) => body.map((c) => c.id);

/** Follows `Link: <…>; rel="next"` from `first` to the last page. */
async function allPages(server: TestServer, first: string): Promise<{ pages: Array<Array<{ id: string }>>; links: string[] }> {
  const pages: Array<Array<{ id: string }>> = [];
  const links: string[] = [];
  let next: string | null = first;
  while (next) {
    const response = await server.get(next);
    expect(response.status).toBe(200);
    pages.push(response.body);
    const link = response.headers.get('link');
    next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    if (next) links.push(next);
    expect(pages.length).toBeLessThan(50);
  }
  return { pages, links };
}

describe('pages of /api/courses', () => {
  it('walks every course exactly once, in the same order as the unpaginated array', async () => {
    const full = await api.get('/api/courses');
    expect(full.headers.get('link')).toBeNull();
    const { pages, links } = await allPages(api, '/api/courses?limit=7');
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
    expect(pages.flatMap(ids)).toEqual(ids(full.body));
    expect(links[0]).toMatch(/^\/api\/courses\?limit=7&cursor=[A-Za-z0-9_-]+$/);
  });

  it('keeps filters across pages and works with summary view', async () => {
    const full = await api.get('/api/courses?type=live_seminar');
    const { pages } = await allPages(api, '/api/courses?type=live_seminar&limit=4&view=summary');
    expect(pages.flatMap(ids)).toEqual(ids(full.body));
    for (const course of pages.flat()) {
      expect(courseSummarySchema.strict().safeParse(course).success).toBe(true);
      expect(course).not.toHaveProperty('description');
      expect(course).not.toHaveProperty('instructorBio');
    }
  });

  it('a page is not shifted by a course added before the cursor', async () => {
    const first = await api.get('/api/courses?limit=5');
    const nextUrl = /^<([^>]+)>/.exec(first.headers.get('link')!)![1]!;
    const before = await api.get(nextUrl);
    await createCourse(db.knex, { title: 'AAA early bird', startDate: '2027-01-01T00:00:00.000Z' });
    const after = await api.get(nextUrl);
    expect(ids(after.body)).toEqual(ids(before.body));
  });

  it('a first page says how many courses match in all (X-Total-Count), with the same filters; later pages and whole lists do not', async () => {
    const total = async (path: string) => (await api.get(path)).headers.get('x-total-count');
    const all = (await api.get('/api/courses')).body.length;
    const seminars = (await api.get('/api/courses?type=live_seminar')).body.length;
    const searched = (await api.get('/api/courses?search=course%20B')).body.length;
    expect(seminars).toBeLessThan(all);
    expect(searched).toBeGreaterThan(0);
    expect(searched).toBeLessThan(all);
    expect(await total('/api/courses?limit=24&view=summary')).toBe(String(all));
    expect(await total('/api/courses?type=live_seminar&limit=4&view=summary')).toBe(String(seminars));
    expect(await total('/api/courses?search=course%20B&limit=3')).toBe(String(searched));
    expect(await total('/api/courses?limit=100')).toBe(String(all));
    // A later page (the count was on the first) and the whole list (its length is the count) carry none.
    const first = await api.get('/api/courses?limit=5');
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link')!)![1]!;
    expect(await total(next)).toBeNull();
    expect(await total('/api/courses')).toBeNull();
    // A new course: the cached first page is answered afresh, with the new count (another process too).
    await createCourse(db.knex, { title: 'Counted later', startDate: '2027-04-01T15:00:00.000Z', type: 'live_webinar' });
    expect(await total('/api/courses?limit=24&view=summary')).toBe(String(all + 1));
    expect((await other.get('/api/courses?limit=24&view=summary')).headers.get('x-total-count')).toBe(String(all + 1));
  });

  it('refuses a bad limit, view or cursor with 400 and a message', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'view=compact',
      'cursor=not*valid',
      `cursor=${Buffer.from('[2,null,"x","y"]').toString('base64url')}`,
    ]) {
      const response = await api.get(`/api/courses?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toMatch(/limit|view|cursor/);
    }
  });
});

describe('summary sync', () => {
  it('sends the same courses without descriptions and bios, snapshot and delta', async () => {
    const full = await api.get('/api/sync/catalogue');
    const summary = await api.get('/api/sync/catalogue?view=summary');
    expect(summary.body.cursor).toBe(full.body.cursor);
    expect(ids(summary.body.courses)).toEqual(ids(full.body.courses));
    expect(summary.text.length).toBeLessThan(full.text.length * 0.6);
    for (const course of summary.body.courses) expect(Object.keys(course)).not.toEqual(expect.arrayContaining(['description']));
    const course = full.body.courses[0];
    await updateCourse(db.knex, course.id, { title: 'Changed for the delta' });
    const delta = await api.get(`/api/sync/catalogue?since=${summary.body.cursor}&view=summary`);
    expect(delta.body.full).toBe(false);
    expect(delta.body.courses).toEqual([expect.objectContaining({ id: course.id, title: 'Changed for the delta' })]);
    expect(delta.body.courses[0]).not.toHaveProperty('description');
    expect((await api.get('/api/sync/catalogue?view=tiny')).status).toBe(400);
  });
});

describe('cached answers', () => {
  it('sends an ETag and answers 304 to If-None-Match until the catalogue changes', async () => {
    const first = await api.get('/api/courses?type=live_webinar');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"c\d+-/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    // A browser revalidating its cached copy (fetch() would add Cache-Control: no-cache, which forbids a 304).
    const again = await rawGet(`${api.baseUrl}/api/courses?type=live_webinar`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The same query written differently shares the answer.
    expect((await rawGet(`${api.baseUrl}/api/courses?type=live_webinar,live_webinar`, { 'If-None-Match': etag })).status).toBe(304);
    const course = first.body[0];
    await updateCourse(db.knex, course.id, { title: 'Renamed by a write' });
    const changed = await rawGet(`${api.baseUrl}/api/courses?type=live_webinar`, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body.toString()).find((c: { id: string }) => c.id === course.id).title).toBe('Renamed by a write');
  });

  it('a second API process on the same database sees a write at once', async () => {
    const course = (await api.get('/api/courses')).body[3];
    await other.get(`/api/courses/${course.id}`);
    await other.get(`/api/courses/${course.id}/pricing-tiers`);
    await updateCourse(db.knex, course.id, { title: 'Changed elsewhere' });
    await createPricingTier(db.knex, course.id, { name: 'Group' });
    expect((await other.get(`/api/courses/${course.id}`)).body.title).toBe('Changed elsewhere');
    expect((await other.get(`/api/courses/${course.id}/pricing-tiers`)).body.map((t: { name: string }) => t.name)).toEqual(['Group']);
  });

  it('does not cache a 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await api.get(`/api/courses/${id}`)).status).toBe(404);
    await createCourse(db.knex, { id, title: 'Now it exists' });
    expect((await api.get(`/api/courses/${id}`)).body.title).toBe('Now it exists');
  });
});

describe('compression', () => {
  it('sends catalogue answers as brotli or gzip as accepted, identical once decoded', async () => {
    const plain = await fetch(`${api.baseUrl}/api/courses`, { headers: { 'Accept-Encoding': 'identity' } });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      // Node's fetch decodes bodies itself; ask with raw http to see the bytes on the wire.
      const raw = await rawGet(`${api.baseUrl}/api/courses`, { 'Accept-Encoding': encoding });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
      expect(raw.body.length).toBeLessThan(text.length / 3);
      expect(decode(raw.body).toString()).toBe(text);
    }
  });

  it('compresses other JSON of 1 KB or more, and leaves small answers alone', async () => {
    const small = await rawGet(`${api.baseUrl}/api/config`, { 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const big = await rawGet(`${api.baseUrl}/api/no-such-route-${'x'.repeat(1500)}`, { 'Accept-Encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.body).toString()).message).toContain('No API route');
  });
});

async function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers as Record<string, string | undefined>, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
