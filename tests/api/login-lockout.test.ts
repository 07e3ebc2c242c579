/**
 * Issue 27 §3: nobody can lock an owner out of sign-in. Requests from other clients for the same
 * address slow those clients down and cost the owner at most a short wait; a code the owner holds
 * stays valid; spent per-domain and global budgets still serve a known account from a quiet client;
 * and guessing still kills codes without locking the owner out. Production limits, one client per
 * X-Forwarded-For address behind one trusted proxy, the test clock. SQLite, and MariaDB with
 * TEST_MYSQL_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../../api/config';
import { INVALID_CODE_MESSAGE } from '../../api/services/accounts/auth-service';
import { createUser } from './support/factories';
import { bearer, CookieClient } from './support/session-client';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startTestServer, type TestResponse, type TestServer } from './support/test-server';

let db: TestDatabase;
let now = new Date('2027-03-01T09:00:00.000Z');
const clock = () => now;
const servers: TestServer[] = [];
const advance = (ms: number) => void (now = new Date(now.getTime() + ms));

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await db?.destroy();
});

/** An app with the production sign-in limits (or the ones given), on a clock in a fresh hour. */
async function productionServer(limits: Partial<Limits> = {}): Promise<TestServer> {
  advance(2 * 60 * 60_000);
  const server = await startTestServer(db.knex, { clock, trustProxy: 1, limits: { ...DEFAULT_LIMITS, ...limits } });
  servers.push(server);
  return server;
}

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
/** The n-th attacking client: its own address. */
const attacker = (i: number) => `10.27.${Math.floor(i / 200)}.${(i % 200) + 1}`;
const codeIn = (text: string) => /works once\.\s*(\d{6})\b/.exec(text)?.[1];

interface CodeRequest {
  client: CookieClient;
  ip: string;
  response: TestResponse;
  /** The code mailed for this request, when one was. */
  code?: string;
}

async function requestCode(server: TestServer, email: string, ip: string, isAdmin = false): Promise<CodeRequest> {
  const client = new CookieClient(server);
  const before = server.sent.length;
  const response = await client.post('/api/auth/login', { email, isAdmin }, from(ip));
  const mail = server.sent.slice(before).find((m) => m.to === email);
  return { client, ip, response, code: mail ? codeIn(mail.text) : undefined };
}

const verify = (request: CodeRequest, code: string) => request.client.post('/api/auth/verify', { token: code }, from(request.ip));

/** Requests for `email` from `count` other clients, all at this moment. */
async function flood(server: TestServer, email: string, count: number, isAdmin = false): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await requestCode(server, email, attacker(i), isAdmin)).response.status);
  return statuses;
}

/**
 * The owner signs in from their own client as a browser would: on a 429 it waits what Retry-After
 * says and asks again. Everything must be done within a minute of the first try.
 */
async function ownerSignsIn(server: TestServer, email: string, ip: string, isAdmin = false) {
  const started = now.getTime();
  let request = await requestCode(server, email, ip, isAdmin);
  const answers = [`${request.response.status} ${request.response.body?.message ?? ''}`];
  for (let tries = 0; request.response.status === 429 && tries < 3; tries++) {
    const retryAfter = Number(request.response.headers.get('retry-after'));
    expect(retryAfter, answers.join(' | ')).toBeGreaterThan(0);
    advance(retryAfter * 1000);
    expect(now.getTime() - started, `waited past a minute: ${answers.join(' | ')}`).toBeLessThanOrEqual(60_000);
    request = await requestCode(server, email, ip, isAdmin);
    answers.push(`${request.response.status} ${request.response.body?.message ?? ''}`);
  }
  expect(request.response.status, answers.join(' | ')).toBe(200);
  expect(request.code, 'a code was mailed').toBeDefined();
  const signedIn = await verify(request, request.code!);
  expect(signedIn.status, signedIn.body?.message).toBe(200);
  const me = await server.get('/api/auth/me', bearer(signedIn.body.token));
  expect(me.body.email).toBe(email);
  return { role: signedIn.body.role as string, waitedMs: now.getTime() - started };
}

describe('requests from other clients for the owner’s address', () => {
  it.each([5, 50])('after %i requests for victim@ from other clients, the victim signs in from their own client within a minute', async (count) => {
    const server = await productionServer();
    const email = `victim${count}@academy.test`;
    await createUser(db.knex, { email, name: 'Vic Tim', role: 'customer' });
    const statuses = await flood(server, email, count, false);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    advance(10_000);
    const owner = await ownerSignsIn(server, email, '198.51.100.7');
    expect(owner.role).toBe('customer');
  });

  it('the same for an admin at the /admin/login endpoint', async () => {
    const server = await productionServer();
    const email = 'chief@academy.test';
    await createUser(db.knex, { email, name: 'Chi Ef', role: 'admin' });
    await flood(server, email, 50, true);
    await flood(server, email, 50, false);
    const owner = await ownerSignsIn(server, email, '198.51.100.8', true);
    expect(owner.role).toBe('admin');
  });

  it('keeps a code the owner already holds valid, however many codes others ask for', async () => {
    const server = await productionServer();
    const email = 'holder@academy.test';
    await createUser(db.knex, { email, name: 'Hol Der', role: 'customer' });
    const mine = await requestCode(server, email, '198.51.100.9');
    expect(mine.response.status).toBe(200);
    // Fifty requests from other clients over five minutes: some of them are mailed codes of their own.
    let issued = 0;
    for (let round = 0; round < 5; round++) {
      advance(61_000);
      for (let i = 0; i < 10; i++) if ((await requestCode(server, email, attacker(round * 10 + i))).response.status === 200) issued++;
    }
    expect(issued).toBeGreaterThan(0);
    const signedIn = await verify(mine, mine.code!);
    expect(signedIn.status, signedIn.body?.message).toBe(200);
  });

  it('mails one code for twenty clients asking for one address at once (across processes: a conditional UPDATE)', async () => {
    const server = await productionServer();
    const other = await startTestServer(db.knex, { clock, trustProxy: 1, limits: { ...DEFAULT_LIMITS } });
    servers.push(other);
    const email = 'rush@academy.test';
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => requestCode(i % 2 ? other : server, email, attacker(i))));
    expect(answers.map((a) => a.response.status).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
    expect([...server.sent, ...other.sent].filter((m) => m.to === email)).toHaveLength(1);
    expect(answers.filter((a) => a.response.status === 429).every((a) => Number(a.response.headers.get('retry-after')) <= 60)).toBe(true);
  });

  it('slows an attacker on one client: a 429 with Retry-After, at most 5 codes an hour for one address', async () => {
    const server = await productionServer();
    const email = 'target@academy.test';
    const ip = '203.0.113.66';
    const statuses: number[] = [];
    const retries: number[] = [];
    for (let minute = 0; minute < 8; minute++) {
      for (let burst = 0; burst < 3; burst++) {
        const { response } = await requestCode(server, email, ip);
        statuses.push(response.status);
        if (response.status === 429) {
          retries.push(Number(response.headers.get('retry-after')));
          expect(response.body.message).toMatch(/try again in \d+ (seconds?|minutes?)/);
        }
      }
      advance(61_000);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(retries.every((r) => r > 0)).toBe(true);
    expect(server.sent.filter((m) => m.to === email)).toHaveLength(5);
    // The sixth code within the hour is refused for the rest of that hour…
    const later = await requestCode(server, email, ip);
    expect(later.response.status).toBe(429);
    expect(Number(later.response.headers.get('retry-after'))).toBeGreaterThan(60);
    // …while the owner, on another client, is served at once.
    expect((await ownerSignsIn(server, email, '198.51.100.10')).waitedMs).toBe(0);
  });
});

describe('the per-domain and global budgets', () => {
  it('once spent from a few clients, still serve a known account from a quiet client, never ban it', async () => {
    const server = await productionServer({ loginPerDomain: 3, loginGlobal: 5 });
    await createUser(db.knex, { email: 'known@target.example', name: 'Kno Wn', role: 'customer' });
    await createUser(db.knex, { email: 'boss@target.example', name: 'Bo Ss', role: 'admin' });
    const spent: number[] = [];
    for (let i = 0; i < 12; i++) spent.push((await requestCode(server, `nobody${i}@target.example`, attacker(i % 2))).response.status);
    for (let i = 0; i < 4; i++) spent.push((await requestCode(server, `nobody${i}@other${i}.example`, attacker(2))).response.status);
    expect(spent.filter((s) => s === 200)).toHaveLength(5);
    expect(spent.filter((s) => s === 429)).toHaveLength(11);

    expect((await ownerSignsIn(server, 'known@target.example', '198.51.100.11')).role).toBe('customer');
    expect((await ownerSignsIn(server, 'boss@target.example', '198.51.100.12', true)).role).toBe('admin');
    // A busy client (the one that spent the budget) is not let through for a known account…
    advance(61_000);
    const busy = await requestCode(server, 'known@target.example', attacker(0));
    expect(busy.response.status).toBe(429);
    expect(Number(busy.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // …and an address without an account still waits for the window: no mail cannon at strangers.
    const stranger = await requestCode(server, 'stranger@target.example', '198.51.100.13');
    expect(stranger.response.status).toBe(429);
    expect(stranger.response.body.message).toMatch(/target\.example/);
  });
});

describe('guessing codes', () => {
  it('guesses at the owner’s address without a cookie do not spoil the code the owner holds', async () => {
    const server = await productionServer();
    const email = 'guarded@academy.test';
    await createUser(db.knex, { email, name: 'Guar Ded', role: 'customer' });
    const mine = await requestCode(server, email, '198.51.100.14');
    const guesses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const guess = String(100000 + i) === mine.code ? '999999' : String(100000 + i);
      guesses.push((await server.request('POST', '/api/auth/verify', { token: guess, email }, from(attacker(i)))).status);
    }
    expect(guesses.filter((s) => s === 200)).toEqual([]);
    // Guessing from many clients is bounded per address too.
    expect(guesses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    const signedIn = await verify(mine, mine.code!);
    expect(signedIn.status, signedIn.body?.message).toBe(200);
  });

  it('checks at most five of twenty guesses sent at once through one attempt', async () => {
    const server = await productionServer();
    const email = 'burst-guess@academy.test';
    const theirs = await requestCode(server, email, attacker(0));
    const guesses = Array.from({ length: 20 }, (_, i) => String(200000 + i)).filter((g) => g !== theirs.code);
    const answers = await Promise.all(guesses.map((g) => verify(theirs, g)));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(answers.filter((a) => a.body.message === 'Invalid code. Please check the code and try again.').length).toBeLessThanOrEqual(5);
    expect((await verify(theirs, theirs.code!)).body.message).toBe(INVALID_CODE_MESSAGE);
  });

  it('kills a code after a few wrong guesses, after one once the address has seen many, and the owner’s fresh code still works', async () => {
    const server = await productionServer();
    const email = 'vault@academy.test';
    await createUser(db.knex, { email, name: 'Vau Lt', role: 'customer' });
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
    // Two attackers' codes, five wrong guesses each: each code dies.
    for (let k = 0; k < 2; k++) {
      advance(61_000);
      const theirs = await requestCode(server, email, attacker(k));
      expect(theirs.response.status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await verify(theirs, wrong(theirs.code!))).status).toBe(400);
      expect((await verify(theirs, theirs.code!)).body.message).toBe(INVALID_CODE_MESSAGE);
    }
    // The address has seen ten wrong codes this hour: the next code dies at its first wrong guess.
    advance(61_000);
    const third = await requestCode(server, email, attacker(2));
    expect(third.response.status).toBe(200);
    const guess = await verify(third, wrong(third.code!));
    expect(guess).toMatchObject({ status: 400, body: { message: INVALID_CODE_MESSAGE } });
    const late = await verify(third, third.code!);
    expect(late).toMatchObject({ status: 400, body: { message: INVALID_CODE_MESSAGE } });
    // The owner asks for a fresh code and signs in with it.
    expect((await ownerSignsIn(server, email, '198.51.100.15')).role).toBe('customer');
  });
});
