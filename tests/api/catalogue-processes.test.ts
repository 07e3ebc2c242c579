/**
 * Cached catalogue answers with several API processes on one database: each real server process
 * keeps its own cache, keyed by the database's catalogue version, so a write made elsewhere shows
 * in every process — at once when it reads the version for every request
 * (CATALOGUE_CACHE_WINDOW_MS=0), and within the window (default 1 s) otherwise.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, updateCourse } from './support/factories';
import { freePort, startServerProcess } from './support/server-process';
import { createTestDatabase, type TestDatabase } from './support/test-database';

let db: TestDatabase;
let courseId: string;
const children = new Set<ChildProcess>();
const servers: Record<'strict' | 'windowed', string> = { strict: '', windowed: '' };

beforeAll(async () => {
  db = await createTestDatabase();
  courseId = (await createCourse(db.knex, { title: 'Original title' })).id;
  for (const [name, windowMs] of [
    ['strict', '0'],
    ['windowed', '1000'],
  ] as const) {
    const port = await freePort();
    await startServerProcess(port, db.url, { CATALOGUE_CACHE_WINDOW_MS: windowMs }, children);
    servers[name] = `http://127.0.0.1:${port}`;
  }
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.destroy();
});

const title = async (base: string) => ((await (await fetch(`${base}/api/courses/${courseId}`)).json()) as { title: string }).title;
const listTitle = async (base: string) =>
  ((await (await fetch(`${base}/api/courses`)).json()) as Array<{ id: string; title: string }>).find((c) => c.id === courseId)?.title;

describe('several API processes on one database', () => {
  it('every process serves a write made by another one', async () => {
    for (const base of Object.values(servers)) {
      expect(await title(base)).toBe('Original title');
      expect(await listTitle(base)).toBe('Original title');
    }
    await updateCourse(db.knex, courseId, { title: 'Written by another process' });
    const written = Date.now();
    // Reading the version for every request: the very next read has it.
    expect(await title(servers.strict)).toBe('Written by another process');
    expect(await listTitle(servers.strict)).toBe('Written by another process');
    // Trusting a version for 1 s: it shows within that second.
    let seenAfter = -1;
    while (Date.now() - written < 5_000) {
      if ((await title(servers.windowed)) === 'Written by another process' && (await listTitle(servers.windowed)) === 'Written by another process') {
        seenAfter = Date.now() - written;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seenAfter).toBeGreaterThanOrEqual(0);
    expect(seenAfter).toBeLessThanOrEqual(1_500);
  });
});
