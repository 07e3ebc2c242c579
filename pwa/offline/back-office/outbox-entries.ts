/**
 * The images picked offline a write names (outbox.ts): kept as files in the outbox, uploaded first
 * when the connection is back. (Which entity a write belongs to and its label for people are named
 * by the feature's api file that makes it.)
 */
import { LOCAL_IMAGE_PREFIX } from '@contracts/image-paths';
import { adminDb, type AdminDatabase } from './admin-db';

export { LOCAL_IMAGE_PREFIX };

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
