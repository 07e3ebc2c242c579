/**
 * The back office's own IndexedDB database (Dexie), apart from the storefront's catalogue copy:
 * visitors never open it, and signing out deletes it. It holds the forms' drafts, the outbox of
 * writes not yet confirmed by the server (outbox.ts) and, per entity, the version the server last gave this
 * client's own writes (so queued edits continue from it instead of colliding with themselves),
 * and the last answer of each back-office read, for screens opened offline.
 */
import Dexie, { type EntityTable } from 'dexie';

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboxEntry {
  /** Global order of the writes (auto-increment). */
  seq?: number;
  id: string;
  /** Sent with every attempt: the server answers a repeat once, never writes it twice. */
  idempotencyKey: string;
  method: OutboxMethod;
  url: string;
  body?: unknown;
  /** What the form started from (an update's subject as it was loaded): on a conflict, tells the fields the admin changed from those they left alone. */
  base?: unknown;
  /** Writes to one entity (`course:<id>`, `instructor:<id>`, …) replay strictly in order, one at a time. */
  entity: string;
  /** For people: what this change is ("Update course", …). */
  label: string;
  createdAt: string;
  attempts: number;
  /** Failures in a row (network error, 408, 429, 5xx) since the connection last came back: the backoff grows with them. */
  failures?: number;
  /** queued: to send; failed: refused (4xx) — the message says why; conflict: someone else changed it (409 with their copy, or 412). */
  status: 'queued' | 'failed' | 'conflict';
  /** Not before this time (ms since epoch): the backoff after a network error or 5xx (the page's; the service worker's sync ignores it). */
  nextAttemptAt: number;
  error?: string;
  /** On conflict: the server's copy at the time. */
  current?: unknown;
  /** An image picked offline: the file itself, uploaded before the writes that name it (`local-image:<id>`). */
  kind?: 'upload';
  blob?: Blob;
}

/**
 * The versions of an entity this client's own writes went through (`seen`: what its screens may
 * still hold) and the one they reached (`to`). A queued edit made from any of them continues from
 * `to`; one made from any other version collides with somebody else's change.
 */
export interface VersionNote {
  entity: string;
  seen: number[];
  to: number;
}

/** A form's working copy, saved as the admin types (restored when the screen opens again). */
export interface Draft {
  /** The form and its subject: `webinar:<id>` or `webinar:new`. */
  key: string;
  values: Record<string, string>;
  /** The server's version the form was opened at (undefined for something new). */
  baseVersion?: number;
  savedAt: string;
}

/** The last answer of a back-office read (a table, a course to edit), for screens opened offline. */
export interface Snapshot {
  key: string;
  data: unknown;
  savedAt: string;
}

/** Small settings of the back office on this device: the `authorization` the service worker replays with. */
export interface MetaValue {
  key: string;
  value: string;
}

export class AdminDatabase extends Dexie {
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  versions!: EntityTable<VersionNote, 'entity'>;
  drafts!: EntityTable<Draft, 'key'>;
  snapshots!: EntityTable<Snapshot, 'key'>;
  meta!: EntityTable<MetaValue, 'key'>;

  constructor(name = 'training-back-office') {
    super(name);
    this.version(1).stores({
      outbox: '++seq, &id, entity, status',
      versions: 'entity',
    });
    this.version(2).stores({ drafts: 'key' });
    this.version(3).stores({ snapshots: 'key' });
    this.version(4).stores({ meta: 'key' });
  }
}

let shared: AdminDatabase | null = null;

/** The one instance, opened on first use (only back-office screens use it). */
export function adminDb(): AdminDatabase {
  shared ??= new AdminDatabase();
  return shared;
}

/** Signing out: nothing of the back office stays on the device. */
export async function deleteAdminDb(): Promise<void> {
  const db = adminDb();
  db.close();
  shared = null;
  await Dexie.delete(db.name);
}
