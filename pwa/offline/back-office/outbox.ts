/**
 * The back office's outbox: every write is stored first, then sent, so nothing typed is lost to a
 * dropped connection and nothing is written twice.
 *
 * - An entry keeps its `Idempotency-Key` for life: an answer lost after the server committed is
 *   harmless, the repeat gets the stored answer.
 * - Writes to one entity go one at a time, in the order they were made; different entities do not
 *   wait for each other. A refused entry (4xx: `failed`) or a collision with someone else's change
 *   (409, or 412 when `If-Match` no longer matches: `conflict`) holds back the later writes of its
 *   entity only, until the admin decides.
 * - A network error, timeout, 408, 429 or 5xx keeps the entry queued with a growing delay (2 s,
 *   5 s, 15 s, … 5 min) by its failures since the connection last came back (`connectionBack`).
 *   The page sends it again when the delay ends (`nextAttemptDue`), with or without Background
 *   Sync; the service worker, woken by the browser, sends what waits whatever the delay.
 * - The versions this client's own writes went through are noted per entity, so queued edits made
 *   from any of them continue from the latest rather than colliding with the client's own writes;
 *   an edit made from a version somebody else produced is a real conflict and is reported as one.
 * - One replay at a time (per page, and across tabs and the service worker through the Web Locks
 *   API where there is one), each pass reading the outbox afresh: an entry one of them has sent is
 *   gone for the others, so the page and the worker never send one change twice. A repeat of a
 *   request whose answer was lost goes with the same key, and the server answers it once.
 */
import { adminDb, type AdminDatabase, type OutboxEntry, type OutboxMethod } from './admin-db';
import { LOCAL_IMAGE_PREFIX, localImagesIn, uploadedPath } from './outbox-entries';

export { LOCAL_IMAGE_PREFIX, keepImageForLater, localImage, uploadedPath } from './outbox-entries';
export { connectionBack, discard, keepMine, nextAttemptDue } from './outbox-waiting';

export interface SendResult {
  status: number;
  body: unknown;
}

/** Sends one entry; throws when the request never got an answer (offline, timeout). */
export type Sender = (entry: OutboxEntry) => Promise<SendResult>;

export interface NewWrite {
  method: OutboxMethod;
  url: string;
  body?: unknown;
  base?: unknown;
  /**
   * What the write changes, named by the feature's api file as `<kind>:<id>` (`course:…`): writes
   * to one entity go one at a time, in the order they were made.
   */
  entity: string;
  /** What the write does, for people ("Update course"): the sync status and the conflict view show it. */
  label: string;
}

/** What a write waiting for its answer learns: the server's answer, or that it is kept for later. */
export type Delivery = { kind: 'sent'; result: SendResult } | { kind: 'queued'; entry: OutboxEntry };

const BACKOFF_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];
/** The delay after the n-th failure in a row (1-based). */
export const backoffMs = (failures: number) => BACKOFF_MS[Math.min(Math.max(failures, 1) - 1, BACKOFF_MS.length - 1)]!;

export interface ReplayOptions {
  db?: AdminDatabase;
  /** The clock the delays are counted on (ms since epoch). */
  now?: () => number;
  /** Send what waits now, delays or not: the service worker, woken by the browser when the connection is back. */
  ignoreBackoff?: boolean;
}

export async function enqueue(write: NewWrite, db: AdminDatabase = adminDb(), id: string = crypto.randomUUID()): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    id,
    idempotencyKey: crypto.randomUUID(),
    method: write.method,
    url: write.url,
    body: write.body,
    base: write.base,
    entity: write.entity,
    label: write.label,
    createdAt: new Date().toISOString(),
    attempts: 0,
    status: 'queued',
    nextAttemptAt: 0,
  };
  entry.seq = await db.outbox.add(entry);
  return entry;
}

const transient = (status: number) => status === 408 || status === 429 || status >= 500;
/** Someone else's change came first: a stale `version` (409 with the server's copy) or an `If-Match` that no longer matches (412). */
const collided = (result: SendResult) => result.status === 412 || (result.status === 409 && !!(result.body as { current?: unknown } | undefined)?.current);
const messageOf = (body: unknown) => (typeof (body as { message?: unknown })?.message === 'string' ? (body as { message: string }).message : undefined);
/** The version the entity reached: a tier write's `courseVersion`, or the `version` of the entity itself (not of another, e.g. a duplicate's copy). */
const versionOf = (entity: string, body: unknown): number | undefined => {
  const b = body as { id?: unknown; version?: unknown; courseVersion?: unknown } | undefined;
  if (typeof b?.courseVersion === 'number') return b.courseVersion;
  return typeof b?.version === 'number' && entity.endsWith(`:${String(b.id)}`) ? b.version : undefined;
};

/** The body to send: a version this client's own earlier writes moved on is replaced by where they left it. */
async function continued(db: AdminDatabase, entry: OutboxEntry): Promise<{ body: unknown; base: number | undefined }> {
  let body = entry.body as Record<string, unknown> | undefined;
  // Images picked offline are named by the path their upload got.
  for (const placeholder of localImagesIn(body)) {
    const path = await uploadedPath(placeholder, db);
    if (path) body = Object.fromEntries(Object.entries(body!).map(([name, value]) => [name, value === placeholder ? path : value]));
  }
  const base = typeof body?.version === 'number' ? body.version : undefined;
  if (base === undefined) return { body, base };
  const note = await db.versions.get(entry.entity);
  return { body: note?.seen.includes(base) ? { ...body, version: note.to } : body, base };
}

/** Entries whose caller is waiting for the answer (a form being saved): they learn it at once. */
const waiting = new Map<string, (delivery: Delivery) => void>();

export interface ReplaySummary {
  sent: number;
  failed: number;
  conflicts: number;
  /** True when the round stopped because the server could not be reached. */
  unreachable: boolean;
  /** The entries the round's last pass saw and left (not due, held back, or the one that could not go). */
  left: string[];
}

/**
 * Sends what is due, entity by entity in order, until nothing more can go now. `interactive`
 * entries (a form waiting for its answer) are not kept when refused: the form shows the answer.
 */
async function replayRound(
  db: AdminDatabase,
  send: Sender,
  now: () => number,
  ignoreBackoff: boolean,
  interactive: ReadonlySet<string>,
): Promise<ReplaySummary> {
  const summary: ReplaySummary = { sent: 0, failed: 0, conflicts: 0, unreachable: false, left: [] };
  for (;;) {
    const entries = await db.outbox.orderBy('seq').toArray();
    const held = new Set<string>();
    // A write that names an image picked offline waits for that image's upload.
    const uploading = new Set(entries.filter((entry) => entry.kind === 'upload').map((entry) => `${LOCAL_IMAGE_PREFIX}${entry.id}`));
    let next: OutboxEntry | undefined;
    for (const entry of entries) {
      if (held.has(entry.entity)) continue;
      if (localImagesIn(entry.body).some((placeholder) => uploading.has(placeholder))) {
        held.add(entry.entity);
        continue;
      }
      if (entry.status === 'queued' && (ignoreBackoff || entry.nextAttemptAt <= now())) {
        next = entry;
        break;
      }
      held.add(entry.entity);
    }
    summary.left = entries.map((entry) => entry.id);
    if (!next) return summary;

    const { body, base } = await continued(db, next);
    // Not sent now: kept, due again once its delay (by its failures in a row) ends.
    const later = (error?: string) => {
      const failures = (next.failures ?? 0) + 1;
      summary.unreachable = true;
      return db.outbox.update(next.seq!, {
        attempts: next.attempts + 1,
        failures,
        nextAttemptAt: now() + backoffMs(failures),
        ...(error === undefined ? {} : { error }),
      });
    };
    let result: SendResult;
    try {
      result = await send({ ...next, body });
    } catch {
      await later();
      return summary;
    }
    const settle = (delivery: Delivery) => {
      waiting.get(next.id)?.(delivery);
      waiting.delete(next.id);
    };
    if (result.status >= 200 && result.status < 300) {
      await db.transaction('rw', db.outbox, db.versions, db.meta, async () => {
        await db.outbox.delete(next.seq!);
        const objectPath = (result.body as { objectPath?: unknown } | undefined)?.objectPath;
        if (next.kind === 'upload' && typeof objectPath === 'string') await db.meta.put({ key: `${LOCAL_IMAGE_PREFIX}${next.id}`, value: objectPath });
        const reached = versionOf(next.entity, result.body);
        if (reached !== undefined) {
          const note = await db.versions.get(next.entity);
          // Where this write started: its own base, or (a tier write, a create) the version just before.
          const started = base ?? reached - 1;
          await db.versions.put({ entity: next.entity, seen: [...new Set([...(note?.seen ?? []), started, reached])].slice(-50), to: reached });
        }
      });
      summary.sent += 1;
      settle({ kind: 'sent', result });
      continue;
    }
    if (transient(result.status)) {
      await later(messageOf(result.body));
      return summary;
    }
    const current = (result.body as { current?: unknown } | undefined)?.current;
    if (interactive.has(next.id) && !collided(result)) {
      // The form that made it is open and shows the refusal; nothing is kept.
      await db.outbox.delete(next.seq!);
    } else if (result.status === 409 || result.status === 412) {
      // Someone else's change (a form waiting for its answer too): kept, for the admin to decide field by field.
      await db.outbox.update(next.seq!, { status: 'conflict', error: messageOf(result.body), current });
      summary.conflicts += 1;
    } else {
      await db.outbox.update(next.seq!, { status: 'failed', error: messageOf(result.body) ?? `Refused (${result.status})` });
      summary.failed += 1;
    }
    settle({ kind: 'sent', result });
  }
}

/** Per database: the round running now, and whether another was asked for meanwhile. */
const rounds = new Map<string, { running: Promise<ReplaySummary>; again: boolean }>();
const interactiveIds = new Set<string>();

/** Sends what is due now; a call while a round runs makes the round go on once more. */
export function replayOutbox(send: Sender, options: ReplayOptions = {}): Promise<ReplaySummary> {
  const db = options.db ?? adminDb();
  const now = options.now ?? Date.now;
  const ignoreBackoff = options.ignoreBackoff ?? false;
  const current = rounds.get(db.name);
  if (current) {
    current.again = true;
    return current.running;
  }
  const state = { running: null as unknown as Promise<ReplaySummary>, again: false };
  const round = async (): Promise<ReplaySummary> => {
    let summary: ReplaySummary | undefined;
    do {
      state.again = false;
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      const pass = () => replayRound(db, send, now, ignoreBackoff, interactiveIds);
      const passed = locks ? await locks.request(`outbox:${db.name}`, pass) : await pass();
      // What every pass of the round sent counts: a caller refreshes the screens when anything was.
      summary = summary
        ? { ...passed, sent: summary.sent + passed.sent, failed: summary.failed + passed.failed, conflicts: summary.conflicts + passed.conflicts }
        : passed;
    } while (state.again && !summary.unreachable);
    return summary;
  };
  let last: ReplaySummary | undefined;
  state.running = round()
    .then((summary) => (last = summary))
    .finally(() => {
      rounds.delete(db.name);
      // Asked for after the last pass began: go on with a new round, which settles the waiting too.
      if (state.again) {
        void replayOutbox(send, options);
        return;
      }
      // Whoever waits for an entry this round saw and could not send learns it is kept for later.
      for (const id of last?.left ?? []) {
        const resolve = waiting.get(id);
        if (!resolve) continue;
        waiting.delete(id);
        void db.outbox.get({ id }).then((entry) => entry && resolve({ kind: 'queued', entry }));
      }
    });
  rounds.set(db.name, state);
  return state.running;
}

/** Stores a write and sends it (after any earlier writes to its entity); resolves with the answer or "kept for later". */
export async function deliver(write: NewWrite, send: Sender, options: ReplayOptions = {}): Promise<Delivery> {
  // Known as waited for before it is stored: a round already running may pick it up at once.
  const id = crypto.randomUUID();
  interactiveIds.add(id);
  const outcome = new Promise<Delivery>((resolve) => waiting.set(id, resolve));
  try {
    await enqueue(write, options.db, id);
    // Answered in this round (or the one a running round goes on with); otherwise "kept for later" when it ends.
    void replayOutbox(send, options);
    return await outcome;
  } finally {
    interactiveIds.delete(id);
    waiting.delete(id);
  }
}
