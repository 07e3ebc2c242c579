/**
 * What the outbox knows about a write before it is sent (outbox.ts): the entity its order is kept
 * per, its label for people, and the images picked offline it names (kept as files in the outbox,
 * uploaded first when the connection is back).
 */
import { LOCAL_IMAGE_PREFIX } from '@contracts/image-paths';
import { adminDb, type AdminDatabase, type OutboxMethod } from './admin-db';

export { LOCAL_IMAGE_PREFIX };

export const courseEntity = (id: string) => `course:${id}`;
export const instructorEntity = (id: string) => `instructor:${id}`;

/** Which entity a write belongs to, from its address (or the id a create names). */
export function entityOf(method: OutboxMethod, url: string, body?: unknown): string {
  const path = url.split('?')[0]!;
  const named = (body as { id?: unknown } | undefined)?.id;
  const course = /^\/api\/courses\/([^/]+)/.exec(path);
  if (course) return courseEntity(course[1]!);
  if (path === '/api/courses' && method === 'POST') return courseEntity(typeof named === 'string' ? named : crypto.randomUUID());
  const instructor = /^\/api\/instructors(?:\/([^/]+))?$/.exec(path);
  if (instructor) return instructorEntity(instructor[1] ?? (typeof named === 'string' ? named : crypto.randomUUID()));
  return path;
}

/** What a write does, for people ("Update course", "Add pricing tier", …). */
export function labelOf(method: OutboxMethod, url: string): string {
  const path = url.split('?')[0]!;
  const verb = { POST: 'Create', PUT: 'Update', PATCH: 'Update', DELETE: 'Delete' }[method];
  if (/\/pricing-tier$/.test(path)) return 'Add pricing tier';
  if (/\/duplicate$/.test(path)) return 'Duplicate course';
  const thing = [
    [/^\/api\/courses/, 'course'],
    [/^\/api\/pricing-tiers/, 'pricing tier'],
    [/^\/api\/instructors/, 'instructor'],
    [/^\/api\/admin\/customers/, 'customer'],
    [/^\/api\/admin\/contributors/, 'contributor'],
    [/^\/api\/admin\/messages/, 'message'],
  ].find(([pattern]) => (pattern as RegExp).test(path))?.[1];
  return thing ? `${verb} ${thing}` : `${verb} ${path}`;
}

/** An image picked offline: kept as a file in the outbox, uploaded first when the connection is back. */
export async function keepImageForLater(file: Blob, db: AdminDatabase = adminDb()): Promise<string> {
  const id = crypto.randomUUID();
  await db.outbox.add({
    id,
    idempotencyKey: crypto.randomUUID(),
    method: 'POST',
    url: '/api/objects/upload',
    body: { contentType: file.type, size: file.size },
    kind: 'upload',
    blob: file,
    entity: `upload:${id}`,
    label: 'Upload image',
    createdAt: new Date().toISOString(),
    attempts: 0,
    status: 'queued',
    nextAttemptAt: 0,
  });
  return `${LOCAL_IMAGE_PREFIX}${id}`;
}

/** The images picked offline a write names. */
export function localImagesIn(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  return Object.values(body as Record<string, unknown>).filter((value): value is string => typeof value === 'string' && value.startsWith(LOCAL_IMAGE_PREFIX));
}

/** An image picked offline, for a preview: its stored path once uploaded, else its file while it waits. */
export async function localImage(placeholder: string, db: AdminDatabase = adminDb()): Promise<{ path: string } | { file: Blob } | undefined> {
  const path = await uploadedPath(placeholder, db);
  if (path) return { path };
  const entry = await db.outbox.get({ id: placeholder.slice(LOCAL_IMAGE_PREFIX.length) });
  return entry?.blob ? { file: entry.blob } : undefined;
}

/** Where an image picked offline was stored once uploaded (undefined until then). */
export async function uploadedPath(placeholder: string, db: AdminDatabase = adminDb()): Promise<string | undefined> {
  return (await db.meta.get(placeholder))?.value;
}
