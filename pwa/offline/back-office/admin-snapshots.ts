/**
 * Back-office reads that work offline (issue 14): each answer is kept in the back office's own
 * database, and when the server cannot be reached the screen gets the last one it saw instead of
 * an error. Changes still waiting in the outbox are laid over the tables: a course created or
 * edited offline shows, marked "Not synced yet", and opens in its editor.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Course, CourseSummary } from '@contracts/catalogue';
import { getJson, isUnavailable } from '@pwa/lib/api-client';
import { adminDb, type OutboxEntry } from './admin-db';

/** Back-office queries run offline too (TanStack would pause them): their query function answers from the device. */
export const ADMIN_READ = { networkMode: 'always' } as const;

/** The server's answer, kept on the device; the kept one when the server cannot be reached. */
export async function lastKnown<T>(key: string, fetch: () => Promise<T>): Promise<T> {
  try {
    const data = await fetch();
    void adminDb()
      .snapshots.put({ key, data, savedAt: new Date().toISOString() })
      .catch(() => undefined);
    return data;
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    const kept = await adminDb()
      .snapshots.get(key)
      .catch(() => undefined);
    if (kept) return kept.data as T;
    throw error;
  }
}

/** A back-office GET whose last answer is kept for offline use. */
export const getKeptJson = <T>(url: string): Promise<T> => lastKnown(url, () => getJson<T>(url));

export type StaffCourseRow = CourseSummary & { notSynced?: boolean };

const COURSE_PATH = /^\/api\/courses\/([^/?]+)$/;
const bodyOf = (entry: OutboxEntry) => (entry.body && typeof entry.body === 'object' ? (entry.body as Record<string, unknown>) : {});

/** The fields a queued write sets, in the course's shape (bookkeeping left out). */
function fieldsOf(entry: OutboxEntry): Partial<Course> {
  const { version: _version, id: _id, ...fields } = bodyOf(entry);
  return fields as Partial<Course>;
}

/** A course as its queued create describes it (the server fills in the rest when it lands). */
function createdOffline(entry: OutboxEntry): Course & { notSynced: true } {
  const body = bodyOf(entry);
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : null);
  return {
    id: String(body.id),
    title: text('title') ?? '',
    code: text('code') ?? '',
    type: (text('type') ?? 'live_webinar') as Course['type'],
    category: text('category'),
    price: Number(text('price') ?? 0).toFixed(2),
    shortDescription: text('shortDescription'),
    description: text('description'),
    image: text('image'),
    startDate: text('startDate'),
    endDate: text('endDate'),
    duration: typeof body.duration === 'number' ? body.duration : null,
    timezone: text('timezone'),
    location: text('location'),
    maxParticipants: typeof body.maxParticipants === 'number' ? body.maxParticipants : null,
    currentParticipants: 0,
    tags: [],
    isActive: body.isActive !== false,
    instructorId: text('instructorId'),
    instructor: null,
    instructorName: text('instructorName'),
    instructorTitle: text('instructorTitle'),
    instructorImage: text('instructorImage'),
    instructorBio: text('instructorBio'),
    createdAt: entry.createdAt,
    updatedAt: entry.createdAt,
    // Edits queued after the create continue from the version it lands at.
    version: 0,
    notSynced: true,
  };
}

/** Courses created offline and edits not yet sent, per course id, in the order they were made. */
export interface PendingCourses {
  created: Map<string, Course & { notSynced: true }>;
  edits: Map<string, Partial<Course>>;
}

export async function pendingCourses(): Promise<PendingCourses> {
  const pending: PendingCourses = { created: new Map(), edits: new Map() };
  for (const entry of await adminDb().outbox.orderBy('seq').toArray()) {
    if (entry.method === 'POST' && entry.url === '/api/courses' && typeof bodyOf(entry).id === 'string') {
      const course = createdOffline(entry);
      pending.created.set(course.id, course);
      continue;
    }
    const edited = entry.method === 'PUT' ? COURSE_PATH.exec(entry.url)?.[1] : undefined;
    if (edited) pending.edits.set(edited, { ...pending.edits.get(edited), ...fieldsOf(entry) });
  }
  return pending;
}

const EMPTY: PendingCourses = { created: new Map(), edits: new Map() };

/** The outbox's courses, kept current as it changes. */
export function usePendingCourses(): PendingCourses {
  return useLiveQuery(pendingCourses, [], EMPTY);
}

/** A table's rows with what waits in the outbox laid over them: new courses first, edited rows updated, both marked. */
export function withPending(
  rows: CourseSummary[] | undefined,
  pending: PendingCourses,
  matches: (course: CourseSummary) => boolean,
): StaffCourseRow[] | undefined {
  if (!rows || (pending.created.size === 0 && pending.edits.size === 0)) return rows;
  const known = new Set(rows.map((row) => row.id));
  const created = [...pending.created.values()]
    .filter((course) => !known.has(course.id))
    .map((course) => ({ ...course, ...pending.edits.get(course.id), notSynced: true }));
  const updated = rows.map((row) => (pending.edits.has(row.id) ? { ...row, ...pending.edits.get(row.id), notSynced: true } : row));
  return [...created.filter(matches), ...updated];
}

/** One course to edit: the server's (or the last kept) with queued edits on top, or the one created offline. */
export async function withPendingCourse(id: string, load: () => Promise<Course>): Promise<Course> {
  // The outbox and the course are read side by side: the editor waits for the slower one only.
  const pendingRead = pendingCourses().catch(() => EMPTY);
  const loaded = load();
  loaded.catch(() => undefined); // settled below
  const pending = await pendingRead;
  const created = pending.created.get(id);
  try {
    const course = await loaded;
    const edits = pending.edits.get(id);
    return edits ? { ...course, ...edits } : course;
  } catch (error) {
    if (!created) throw error;
    return { ...created, ...pending.edits.get(id) };
  }
}
