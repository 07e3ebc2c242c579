import { spawn } from 'node:child_process';
import http from 'node:http';
import zlib from 'node:zlib';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

describe('serving the PWA', () => {
  let db: TestDatabase;
  let api: TestServer;
  let root: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'training-static-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("install", () => {});');
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(root, 'secret.txt'), 'outside');
    api = await startTestServer(db.knex, { staticRoot: path.join(root) });
  });

  afterAll(async () => {
    await api?.close();
    await db?.destroy();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers deep links with the app shell', async () => {
    for (const link of ['/', '/courses/0d3c7e2a-8d1b-4c8e-9b0a-123456789abc', '/webinar-packs', '/no/such/page']) {
      const { status, text, headers } = await api.get(link);
      // A path the app has no page for is still the shell (it shows "404 Page Not Found") but not a soft 404.
      expect(status).toBe(link === '/no/such/page' ? 404 : 200);
      expect(text).toContain('<title>shell</title>');
      expect(headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and the service worker as no-cache', async () => {
    const asset = await api.get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect((await api.get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing file with a 404 and never leaves the root', async () => {
    expect((await api.get('/assets/missing-123.js')).status).toBe(404);
    const traversal = await api.get('/..%2f..%2fetc%2fpasswd');
    expect(traversal.text).not.toContain('root:');
  });

  it("sends the build's precompressed twin to clients that accept it, and 304 to revalidation", async () => {
    const big = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    fs.writeFileSync(path.join(root, 'assets', 'big-abc.js'), big);
    fs.writeFileSync(path.join(root, 'assets', 'big-abc.js.br'), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(root, 'assets', 'big-abc.js.gz'), zlib.gzipSync(big));
    const raw = (url: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(api.baseUrl + url, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const br = await raw('/assets/big-abc.js', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(big);
    const gz = await raw('/assets/big-abc.js', { 'Accept-Encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(big);
    const plain = await raw('/assets/big-abc.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(big);
    for (const url of ['/', '/sw.js', '/courses']) {
      const first = await raw(url, {});
      expect(first.headers.etag, url).toBeTruthy();
      const again = await raw(url, { 'If-None-Match': first.headers.etag! });
      expect(again.status, url).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('gives the landing page and the plain course listing the shells that preload their first reads, and no other address', async () => {
    fs.writeFileSync(path.join(root, 'index.home.html'), '<!doctype html><title>home shell</title><link rel="preload" as="fetch" href="/api/instructors">');
    fs.writeFileSync(
      path.join(root, 'index.courses.html'),
      '<!doctype html><title>courses shell</title><link rel="preload" as="fetch" href="/api/courses?limit=24&amp;view=summary">',
    );
    expect((await api.get('/')).text).toContain('home shell');
    expect((await api.get('/?utm_source=mail')).text).toContain('home shell');
    expect((await api.get('/courses')).text).toContain('courses shell');
    // The same listing as /courses (an empty search, a type that is none): the page makes the same first read.
    expect((await api.get('/courses?search=%20%20')).text).toContain('courses shell');
    expect((await api.get('/courses?type=no_such_type')).text).toContain('courses shell');
    // Another first read (a type, a search) than the shell preloads: the plain shell.
    for (const url of ['/courses?type=webinar', '/courses?search=gmp', '/courses/some-id', '/about']) {
      const { status, text } = await api.get(url);
      expect(status, url).toBe(200);
      expect(text, url).not.toContain('rel="preload"');
    }
    fs.rmSync(path.join(root, 'index.home.html'));
    fs.rmSync(path.join(root, 'index.courses.html'));
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const { status, body } = await api.get('/api/courses-typo');
    expect(status).toBe(404);
    expect(body.message).toBeTruthy();
  });
});

describe('the server process', () => {
  it('starts, migrates, seeds, serves, and stops cleanly on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-proc-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/start.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(dir, 'app.sqlite')}`,
        AUTH_SECRET_FILE: path.join(dir, 'auth-secret'),
        MAIL_OUTBOX_FILE: path.join(dir, 'outbox.jsonl'),
        ADMIN_EMAIL: 'owner@academy.test',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
        child.stdout.on('data', () => {
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
      });
      const courses = (await (await fetch(`${url}/api/courses`)).json()) as unknown[];
      expect(courses.length).toBeGreaterThanOrEqual(40);
      // The generated auth secret is kept, and ADMIN_EMAIL made sure an admin exists.
      expect(fs.readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
      expect(output).toContain('Admin account ensured for owner@academy.test');
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(output).toContain('Stopped cleanly');
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('says which port is taken and how to choose another, without a stack trace', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-port-'));
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'api/start.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: `sqlite:${path.join(dir, 'app.sqlite')}`,
          SEED_DEMO: 'false',
          AUTH_SECRET_FILE: path.join(dir, 'auth-secret'),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`Port ${port} is already in use`);
      expect(stderr).toContain(`PORT=${port + 1} npm start`);
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses to start with invalid configuration and names the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/start.ts'], {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'postgres://nope' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT/);
    expect(stderr).toMatch(/DATABASE_URL/);
  }, 30_000);
});
