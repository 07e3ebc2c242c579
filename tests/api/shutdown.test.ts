/**
 * Stopping the server: started exactly as the README says (`npm start`), a SIGTERM to that
 * process stops the server and frees its port with the database intact; under a keep-alive load
 * nothing in flight is reset — every request is answered, or refused before it started.
 * On SQLite and (with TEST_MYSQL_URL) on MySQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, SHUTDOWN_BUDGET_MS } from '@api/server';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database';
import { freePort } from './support/server-process';
import { TEST_AUTH_SECRET } from './support/test-server';

let db: TestDatabase;
let dir: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  db = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'training-stop-'));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm start` as the README runs it, on a free port over the test database. */
async function npmStart(port: number): Promise<{ child: ChildProcess; exited: Promise<number | null>; output: () => string }> {
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      MAIL_OUTBOX_FILE: path.join(dir, 'outbox.jsonl'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      VAPID_FILE: path.join(dir, 'vapid.json'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (children.delete(child), resolve(code))));
  const deadline = Date.now() + 100_000;
  while (!/listening on http/.test(output)) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not listen:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited, output: () => output };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function databaseIsIntact(): Promise<void> {
  if (testEngine() === 'sqlite') {
    const [check] = (await db.knex.raw('PRAGMA integrity_check')) as Array<{ integrity_check: string }>;
    expect(check!.integrity_check).toBe('ok');
  }
  const [row] = (await db.knex('courses').count({ count: '*' })) as Array<{ count: number | string }>;
  expect(Number(row!.count)).toBeGreaterThanOrEqual(40);
}

type Outcome = 'answered' | 'refused' | 'reset';

/** One GET on a kept-alive connection: answered (any status), refused (no connection), or reset (sent, never answered). */
function request(agent: http.Agent, port: number, url: string): Promise<{ outcome: Outcome; at: number; connection?: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
      res.resume();
      res.once('end', () => resolve({ outcome: 'answered', at: Date.now(), connection: res.headers.connection }));
      res.once('error', () => resolve({ outcome: 'reset', at: Date.now() }));
    });
    req.once('error', (error: NodeJS.ErrnoException) => resolve({ outcome: error.code === 'ECONNREFUSED' ? 'refused' : 'reset', at: Date.now() }));
  });
}

describe('stopping the server', () => {
  it('npm start stops on SIGTERM: the port is free and the database intact within the shutdown budget', async () => {
    const port = await freePort();
    const server = await npmStart(port);
    expect((await fetch(`http://127.0.0.1:${port}/api/config`)).ok).toBe(true);
    // A kept-alive connection is held for a minute, not Node's 5 s: a client reusing it after a
    // few idle seconds is answered instead of reset.
    const agent = new http.Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: '/api/config', agent }, (res) => (res.resume(), resolve(res.headers['keep-alive']))).once('error', reject),
    );
    agent.destroy();
    expect(keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_BUDGET_MS);
    expect(server.output()).toContain('Stopped cleanly');
    // Nothing answers any more, and the port can be taken again.
    await expect(fetch(`http://127.0.0.1:${port}/api/config`)).rejects.toThrow();
    expect(await portIsFree(port)).toBe(true);
    await databaseIsIntact();
  }, 150_000);

  it('under a keep-alive load, answers what is in flight, closes each connection after one more answer, and resets nothing', async () => {
    const port = await freePort();
    const server = await npmStart(port);
    const ids = ((await (await fetch(`http://127.0.0.1:${port}/api/courses?limit=8`)).json()) as Array<{ id: string }>).map((course) => course.id);
    const CONNECTIONS = 16;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const results: Array<{ outcome: Outcome; at: number; connection?: string; worker: number }> = [];
    let exited = false;
    void server.exited.then(() => (exited = true));
    const worker = async (w: number) => {
      for (let i = 0; !exited; i++) {
        const url = i % 3 === 0 ? '/api/config' : `/api/courses/${ids[(w + i) % ids.length]}`;
        const result = await request(agent, port, url);
        results.push({ ...result, worker: w });
        if (result.outcome === 'refused') await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
    // Let the load run with every connection kept alive, then stop the server under it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = results.length;
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const stoppedAfter = Date.now() - signalled;
    await load;
    agent.destroy();

    const after = results.filter((result) => result.at >= signalled);
    const answeredAfter = after.filter((result) => result.outcome === 'answered');
    const resets = results.filter((result) => result.outcome === 'reset');
    console.log(
      `shutdown under load: ${before} answered before SIGTERM; after it ${answeredAfter.length} answered, ${after.filter((r) => r.outcome === 'refused').length} refused, ${resets.length} reset; stopped in ${stoppedAfter} ms`,
    );
    expect(before).toBeGreaterThan(CONNECTIONS);
    expect(resets).toEqual([]);
    // Once the server starts stopping (its first `Connection: close`), each connection is answered
    // at most once more — what was in flight, or the request already on its way — and that answer
    // closes it: no connection is answered after it was refused.
    const drainStart = answeredAfter.find((result) => result.connection === 'close')?.at ?? signalled;
    expect(results.filter((result) => result.outcome === 'answered' && result.at > drainStart).length).toBeLessThanOrEqual(2 * CONNECTIONS);
    for (let w = 0; w < CONNECTIONS; w++) {
      const mine = after.filter((result) => result.worker === w);
      const answers = mine.filter((result) => result.outcome === 'answered');
      // A connection idle when the drain began is closed without another answer: its last answer
      // (before the drain) kept it alive. Any answer after the drain began closes it.
      if (answers.length && answers.at(-1)!.at > drainStart) expect(answers.at(-1)!.connection).toBe('close');
      const firstRefusal = mine.findIndex((result) => result.outcome === 'refused');
      if (firstRefusal >= 0) expect(mine.slice(firstRefusal).every((result) => result.outcome === 'refused')).toBe(true);
    }
    expect(stoppedAfter).toBeLessThan(SHUTDOWN_BUDGET_MS);
    expect(await portIsFree(port)).toBe(true);
    await databaseIsIntact();
  }, 150_000);
});
