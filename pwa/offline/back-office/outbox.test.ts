/**
 * The outbox against an in-memory stand-in of the API that keeps versions, answers repeats of an
 * Idempotency-Key from memory (as the real server does) and can be made to fail: a 503 before
 * anything is done, or an answer lost after the write was committed.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminDatabase, type OutboxEntry } from './admin-db';
import {
  LOCAL_IMAGE_PREFIX,
  backoffMs,
  connectionBack,
  deliver,
  enqueue,
  keepImageForLater,
  keepMine,
  nextAttemptDue,
  replayOutbox,
  uploadedPath,
  type SendResult,
} from './outbox';

interface Course {
  id: string;
  title: string;
  image?: string;
  version: number;
  tiers: Record<string, string>;
}

class FakeApi {
  courses = new Map<string, Course>();
  answered = new Map<string, SendResult>();
  writes = 0;
  requests = 0;
  /** Request numbers (1-based) that get a 503 before anything happens. */
  unavailableAt = new Set<number>();
  /** Request numbers whose answer is lost after the write was committed. */
  lostAnswerAt = new Set<number>();
  offline = false;
  /** Uploads received, in order, with the size of each file. */
  uploads: number[] = [];
  /** The order writes arrived in (uploads as 'upload', others by method and URL). */
  log: string[] = [];

  seed(id: string, title: string) {
    this.courses.set(id, { id, title, version: 1, tiers: {} });
  }

  send = async (entry: OutboxEntry): Promise<SendResult> => {
    if (this.offline) throw new TypeError('Failed to fetch');
    this.requests += 1;
    if (this.unavailableAt.has(this.requests)) return { status: 503, body: { message: 'Service unavailable' } };
    const repeat = this.answered.get(entry.idempotencyKey);
    const result = repeat ?? this.handle(entry);
    this.answered.set(entry.idempotencyKey, result);
    if (this.lostAnswerAt.has(this.requests)) throw new TypeError('The connection dropped');
    return result;
  };

  private handle(entry: OutboxEntry): SendResult {
    if (entry.kind === 'upload') {
      this.uploads.push(entry.blob!.size);
      this.log.push('upload');
      return { status: 200, body: { objectPath: `/objects/uploads/image-${this.uploads.length}.webp` } };
    }
    this.log.push(`${entry.method} ${entry.url}`);
    const body = (entry.body ?? {}) as { id?: string; title?: string; name?: string; version?: number; image?: string };
    const courseOf = (id: string) => this.courses.get(id);
    let m: RegExpExecArray | null;
    if (entry.method === 'POST' && entry.url === '/api/courses') {
      if (this.courses.has(body.id!)) return { status: 409, body: { message: 'A course with this id already exists' } };
      this.writes += 1;
      this.seed(body.id!, body.title!);
      return { status: 201, body: { ...courseOf(body.id!)! } };
    }
    if ((m = /^\/api\/courses\/([^/]+)\/pricing-tier$/.exec(entry.url))) {
      const course = courseOf(m[1]!);
      if (!course) return { status: 404, body: { message: 'Course not found' } };
      this.writes += 1;
      course.tiers[body.id!] = body.name!;
      course.version += 1;
      return { status: 201, body: { id: body.id, name: body.name, courseVersion: course.version } };
    }
    if (entry.method === 'PUT' && (m = /^\/api\/courses\/([^/]+)$/.exec(entry.url))) {
      const course = courseOf(m[1]!);
      if (!course) return { status: 404, body: { message: 'Course not found' } };
      if (!body.title) return { status: 400, body: { message: 'Title is required' } };
      if (body.version !== undefined && body.version !== course.version)
        return { status: 409, body: { message: 'Changed by someone else', current: { ...course } } };
      this.writes += 1;
      course.title = body.title;
      if (body.image !== undefined) course.image = body.image;
      course.version += 1;
      return { status: 200, body: { ...course } };
    }
    return { status: 404, body: { message: 'Not found' } };
  }
}

let db: AdminDatabase;
let api: FakeApi;
let clock = 1_000_000;
const now = () => clock;
/** Replays until the outbox is empty or only refused entries are left, moving the clock past each backoff. */
async function drain() {
  for (let round = 0; round < 100; round++) {
    const summary = await replayOutbox(api.send, { db, now });
    if (!summary.unreachable) return;
    const due = (await db.outbox.toArray()).filter((e) => e.status === 'queued');
    clock = Math.max(...due.map((e) => e.nextAttemptAt)) + 1;
  }
  throw new Error('the outbox never drained');
}

beforeEach(() => {
  db = new AdminDatabase(`outbox-test-${Math.random()}`);
  api = new FakeApi();
});

afterEach(async () => {
  db.close();
  await db.delete();
});

const edit = (id: string, title: string, version: number) =>
  enqueue({ method: 'PUT', url: `/api/courses/${id}`, body: { title, version }, entity: `course:${id}`, label: 'Update course' }, db);

describe('the outbox', () => {
  it('20 changes across 3 courses made offline land exactly once, in order, through a 503 and a lost answer', async () => {
    api.seed('a', 'A');
    api.seed('b', 'B');
    api.offline = true;
    // Made offline: each edit from the copy the screen had (version 1), a course created here with 2 tiers.
    const created = crypto.randomUUID();
    await enqueue({ method: 'POST', url: '/api/courses', body: { id: created, title: 'C' }, entity: `course:${created}`, label: 'Create course' }, db);
    for (let i = 1; i <= 8; i++) await edit('a', `A${i}`, 1);
    await enqueue(
      {
        method: 'POST',
        url: `/api/courses/${created}/pricing-tier`,
        body: { id: crypto.randomUUID(), name: 'Standard' },
        entity: `course:${created}`,
        label: 'Add pricing tier',
      },
      db,
    );
    for (let i = 1; i <= 7; i++) await edit('b', `B${i}`, 1);
    await enqueue(
      {
        method: 'POST',
        url: `/api/courses/${created}/pricing-tier`,
        body: { id: crypto.randomUUID(), name: 'Premium' },
        entity: `course:${created}`,
        label: 'Add pricing tier',
      },
      db,
    );
    await edit(created, 'C1', 1);
    await edit(created, 'C2', 1);
    expect(await db.outbox.count()).toBe(20);

    // Nothing reaches a server that cannot be reached; the entries wait with a backoff.
    await replayOutbox(api.send, { db, now });
    expect(await db.outbox.count()).toBe(20);
    expect((await db.outbox.toArray())[0]!.nextAttemptAt).toBe(clock + backoffMs(1));

    api.offline = false;
    clock += backoffMs(1);
    api.unavailableAt.add(4);
    api.lostAnswerAt.add(9);
    await drain();

    expect(await db.outbox.count()).toBe(0);
    expect(api.courses.get('a')).toMatchObject({ title: 'A8', version: 9 });
    expect(api.courses.get('b')).toMatchObject({ title: 'B7', version: 8 });
    expect(api.courses.get(created)).toMatchObject({ title: 'C2', version: 5 });
    expect(Object.values(api.courses.get(created)!.tiers)).toEqual(['Standard', 'Premium']);
    expect(api.courses.size).toBe(3);
    // Exactly once: 20 writes for 20 changes, whatever was repeated.
    expect(api.writes).toBe(20);
    expect(api.requests).toBeGreaterThan(20);
  });

  it("a replay asked for while one runs gets the whole round's count: what was sent before it asked still counts, so the screens refresh", async () => {
    api.seed('a', 'A');
    await edit('a', 'A1', 1);
    let second: Promise<{ sent: number }> | undefined;
    // The connection comes back and a timer fires at once: the second call joins the running round.
    const send = async (entry: OutboxEntry) => {
      second ??= replayOutbox(send, { db, now });
      return api.send(entry);
    };
    const first = await replayOutbox(send, { db, now });
    expect(api.writes).toBe(1);
    expect(first.sent).toBe(1);
    expect((await second!).sent).toBe(1);
  });

  it('an answer about another course (a duplicate’s copy) does not move this course’s versions', async () => {
    api.seed('a', 'A');
    await edit('a', 'A1', 1);
    await enqueue({ method: 'POST', url: '/api/courses/a/duplicate', entity: 'course:a', label: 'Duplicate course' }, db);
    await edit('a', 'A2', 1);
    const copy = { status: 201, body: { id: 'copy', title: 'A (Copy)', version: 1 } };
    const send = async (entry: OutboxEntry) => (entry.url.endsWith('/duplicate') ? copy : api.send(entry));
    await replayOutbox(send, { db, now });
    expect(await db.outbox.count()).toBe(0);
    expect(api.courses.get('a')).toMatchObject({ title: 'A2', version: 3 });
  });

  it('a refused change (400) keeps its message and holds back only its own course', async () => {
    api.seed('a', 'A');
    api.seed('b', 'B');
    await edit('a', '', 1);
    await edit('a', 'A2', 1);
    await edit('b', 'B2', 1);
    await drain();
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => [e.url, e.status, e.error])).toEqual([
      ['/api/courses/a', 'failed', 'Title is required'],
      ['/api/courses/a', 'queued', undefined],
    ]);
    expect(api.courses.get('b')!.title).toBe('B2');
    expect(api.courses.get('a')!.title).toBe('A');
  });

  it('somebody else’s change is a conflict with their copy, never overwritten; later edits of that course wait', async () => {
    api.seed('a', 'A');
    api.courses.get('a')!.version = 2; // a colleague saved meanwhile
    api.courses.get('a')!.title = 'Theirs';
    await edit('a', 'Mine', 1);
    await edit('a', 'Mine again', 1);
    await drain();
    const [conflict, waiting] = await db.outbox.orderBy('seq').toArray();
    expect(conflict).toMatchObject({ status: 'conflict', error: 'Changed by someone else', current: { title: 'Theirs', version: 2 } });
    expect(waiting).toMatchObject({ status: 'queued' });
    expect(api.courses.get('a')).toMatchObject({ title: 'Theirs', version: 2 });
  });

  it('a form waiting for its save gets the answer, or learns the change is kept for later', async () => {
    api.seed('a', 'A');
    const sent = await deliver(
      { method: 'PUT', url: '/api/courses/a', body: { title: 'Online', version: 1 }, entity: 'course:a', label: 'Update course' },
      api.send,
      { db, now },
    );
    expect(sent).toMatchObject({ kind: 'sent', result: { status: 200 } });
    const refused = await deliver(
      { method: 'PUT', url: '/api/courses/a', body: { title: '', version: 2 }, entity: 'course:a', label: 'Update course' },
      api.send,
      { db, now },
    );
    expect(refused).toMatchObject({ kind: 'sent', result: { status: 400 } });
    // The form shows a refusal itself: nothing is left behind.
    expect(await db.outbox.count()).toBe(0);
    api.offline = true;
    const kept = await deliver(
      { method: 'PUT', url: '/api/courses/a', body: { title: 'Offline', version: 2 }, entity: 'course:a', label: 'Update course' },
      api.send,
      { db, now },
    );
    expect(kept.kind).toBe('queued');
    expect(await db.outbox.count()).toBe(1);
    api.offline = false;
    clock += backoffMs(1);
    await drain();
    expect(api.courses.get('a')).toMatchObject({ title: 'Offline', version: 3 });
  });
  it('a form whose save collides with someone else’s change gets the 409, and the change is kept as a conflict to resolve — not thrown away', async () => {
    api.seed('a', 'A');
    api.courses.get('a')!.version = 2;
    api.courses.get('a')!.title = 'Theirs';
    const answer = await deliver(
      {
        method: 'PUT',
        url: '/api/courses/a',
        body: { title: 'Mine', version: 1 },
        base: { id: 'a', title: 'A', version: 1 },
        entity: 'course:a',
        label: 'Update course',
      },
      api.send,
      { db, now },
    );
    expect(answer).toMatchObject({ kind: 'sent', result: { status: 409 } });
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({ status: 'conflict', body: { title: 'Mine' }, base: { title: 'A' }, current: { title: 'Theirs', version: 2 } });
    // Resolved with the merged body: it goes against the server's version, and its new base is the server's copy.
    await keepMine(kept!, db, { title: 'Mine, merged', version: 1 });
    expect(await db.outbox.get(kept!.seq!)).toMatchObject({ status: 'queued', body: { title: 'Mine, merged', version: 2 }, base: { title: 'Theirs' } });
    await drain();
    expect(api.courses.get('a')).toMatchObject({ title: 'Mine, merged', version: 3 });
    expect(await db.outbox.count()).toBe(0);
  });
  it('an image picked offline is uploaded first, through a 503, and the change that names it gets its stored path', async () => {
    api.seed('a', 'A');
    api.offline = true;
    const image = await keepImageForLater(new Blob([new Uint8Array(2048)], { type: 'image/png' }), db);
    expect(image.startsWith(LOCAL_IMAGE_PREFIX)).toBe(true);
    await enqueue(
      { method: 'PUT', url: '/api/courses/a', body: { title: 'A with a picture', image, version: 1 }, entity: 'course:a', label: 'Update course' },
      db,
    );
    api.offline = false;
    api.unavailableAt.add(1); // the upload's first try meets a 503: the course change must not go without it
    await drain();
    expect(api.log).toEqual(['upload', 'PUT /api/courses/a']);
    expect(api.uploads).toEqual([2048]);
    expect(api.courses.get('a')).toMatchObject({ title: 'A with a picture', image: '/objects/uploads/image-1.webp', version: 2 });
    expect(await uploadedPath(image, db)).toBe('/objects/uploads/image-1.webp');
    expect(await db.outbox.count()).toBe(0);
  });

  it('a failure keeps the change due again after 2 s, 5 s, 15 s …, and after 2 s again once the connection is back', async () => {
    api.seed('a', 'A');
    await edit('a', 'A1', 1);
    api.offline = true;
    const delays: number[] = [];
    for (let failure = 0; failure < 3; failure++) {
      await replayOutbox(api.send, { db, now });
      const due = (await nextAttemptDue(db))!;
      delays.push(due - clock);
      clock = due;
    }
    expect(delays).toEqual([2_000, 5_000, 15_000]);
    // The browser says the connection is back: due at once; the server answers 503 — again in 2 s, not 30 s.
    await connectionBack(db);
    expect(await nextAttemptDue(db)).toBe(0);
    api.offline = false;
    api.unavailableAt.add(1);
    await replayOutbox(api.send, { db, now });
    expect((await nextAttemptDue(db))! - clock).toBe(2_000);
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 4, failures: 1, error: 'Service unavailable' });
    clock += 2_000;
    await replayOutbox(api.send, { db, now });
    expect(await db.outbox.count()).toBe(0);
    expect(api.courses.get('a')).toMatchObject({ title: 'A1', version: 2 });
  });

  it('the service worker sends what waits whatever its delay, and a failure there leaves a delay the page can count down', async () => {
    api.seed('a', 'A');
    await edit('a', 'A1', 1);
    api.offline = true;
    await replayOutbox(api.send, { db, now });
    expect(await nextAttemptDue(db)).toBe(clock + 2_000);
    // Woken by the browser before that delay ends: it sends anyway, and meets a 503.
    api.offline = false;
    api.unavailableAt.add(1);
    await replayOutbox(api.send, { db, now, ignoreBackoff: true });
    expect(api.requests).toBe(1);
    // The page's clock, not a date beyond reach: the page sends it again 5 s later by itself.
    expect(await nextAttemptDue(db)).toBe(clock + 5_000);
    clock += 5_000;
    await replayOutbox(api.send, { db, now });
    expect(await db.outbox.count()).toBe(0);
    expect(api.writes).toBe(1);
  });

  it('an If-Match that no longer matches (412) is a conflict like a stale version (409): kept with their copy, for a form waiting and in a replay alike', async () => {
    api.seed('a', 'A');
    const theirs = { id: 'a', title: 'Theirs', version: 2 };
    const preconditionFailed = async (): Promise<SendResult> => ({
      status: 412,
      body: { message: 'If-Match does not match this course’s current version ("2")', current: theirs },
    });
    const answer = await deliver(
      {
        method: 'PUT',
        url: '/api/courses/a',
        body: { title: 'Mine', version: 1 },
        base: { id: 'a', title: 'A', version: 1 },
        entity: 'course:a',
        label: 'Update course',
      },
      preconditionFailed,
      { db, now },
    );
    expect(answer).toMatchObject({ kind: 'sent', result: { status: 412 } });
    await edit('a', 'Mine again', 1);
    await enqueue({ method: 'PUT', url: '/api/courses/b', body: { title: 'B1', version: 1 }, entity: 'course:b', label: 'Update course' }, db);
    await replayOutbox(preconditionFailed, { db, now });
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((entry) => [entry.entity, entry.status])).toEqual([
      ['course:a', 'conflict'],
      ['course:a', 'queued'],
      ['course:b', 'conflict'],
    ]);
    expect(left[0]).toMatchObject({ body: { title: 'Mine' }, current: theirs });
    // Settled by keeping mine: it goes against their version.
    await keepMine(left[0]!, db);
    expect(await db.outbox.get(left[0]!.seq!)).toMatchObject({ status: 'queued', body: { title: 'Mine', version: 2 } });
  });
});
