import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from './static-files';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
let server: http.Server;
let base = '';

beforeAll(async () => {
  for (const file of ['index.html', 'index.home.html', 'index.courses.html', 'index.lesson.html']) fs.writeFileSync(path.join(root, file), file);
  const app = new Koa();
  app.use(staticFiles(root));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

const page = async (address: string) => {
  const response = await fetch(base + address);
  return [response.status, await response.text()];
};

describe('the app shell a page is answered with', () => {
  it('is the lesson’s own for any lesson address, and keeps the exact-path shells', async () => {
    expect(await page('/learn/c1/lessons/l1')).toEqual([200, 'index.lesson.html']);
    expect(await page('/learn/c1/lessons/l1?from=library')).toEqual([200, 'index.lesson.html']);
    expect(await page('/')).toEqual([200, 'index.home.html']);
    expect(await page('/courses')).toEqual([200, 'index.courses.html']);
  });

  it('is the plain one for other pages, including the rest of /learn, and says 404 for unknown ones', async () => {
    expect(await page('/courses?search=gmp')).toEqual([200, 'index.html']);
    expect(await page('/learn/c1')).toEqual([200, 'index.html']);
    expect((await page('/learn/c1/lessons'))[1]).toBe('index.html');
    expect(await page('/learn/c1/lessons/l1/more')).toEqual([404, 'index.html']);
  });
});
