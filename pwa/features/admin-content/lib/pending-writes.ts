/**
 * What a content write does to the outline, applied on this device: the writes still waiting in
 * the outbox are laid over the server's (or the last kept) syllabus, marked "Not synced yet", and
 * a write the server has just answered is applied at once (with the id it gave) while the
 * syllabus is read again. The same routes as api/routes/lesson-admin-routes.ts.
 */
import type { CreateLessonRequest, UpdateLessonRequest } from '@contracts/learning';
import type { Outline, OutlineLesson, OutlineModule } from './content-outline';

export interface ContentWrite {
  method: string;
  url: string;
  body?: unknown;
}

const MODULES = /^\/api\/courses\/[^/]+\/modules$/;
const MODULE = /^\/api\/modules\/([^/]+)$/;
const MODULE_ORDER = /^\/api\/courses\/[^/]+\/modules\/order$/;
const LESSONS = /^\/api\/courses\/[^/]+\/lessons$/;
const LESSON = /^\/api\/lessons\/([^/]+)$/;
const LESSON_ORDER = /^\/api\/courses\/[^/]+\/lessons\/order$/;

const CAPTIONS = /^\/api\/lessons\/([^/]+)\/captions\/([^/]+)$/;
const SETTINGS = /^\/api\/courses\/[^/]+\/content-settings$/;

/** A write of a course's content (not of the course's own fields or tiers). */
export const isContentWrite = (write: ContentWrite) =>
  [MODULES, MODULE, MODULE_ORDER, LESSONS, LESSON, LESSON_ORDER, CAPTIONS, SETTINGS].some((pattern) => pattern.test(write.url.split('?')[0]!));

/** The pending id of something created by the outbox entry `entryId`. */
export const pendingId = (entryId: string) => `pending:${entryId}`;
export const isPendingId = (id: string) => id.startsWith('pending:');

/** `ids` first in their order, then whatever they leave out (made offline since) in its order. */
function ordered<T extends { id: string }>(items: T[], ids: unknown): T[] {
  if (!Array.isArray(ids)) return items;
  const byId = new Map(items.map((item) => [item.id, item]));
  const first = ids.map((id) => byId.get(String(id))).filter((item): item is T => !!item);
  return [...first, ...items.filter((item) => !first.includes(item))];
}

const idOf = (answer: unknown): string | undefined => {
  const id = (answer as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The outline after one write. `answer`: the server's answer when it has been sent (its created
 * row), else the write is pending and what it creates gets `pendingId(entryId)`.
 */
export function applyWrite(outline: Outline, write: ContentWrite, entryId: string, answer?: unknown): Outline {
  const pending = answer === undefined;
  const body = (write.body ?? {}) as Record<string, unknown>;
  const path = write.url.split('?')[0]!;
  let match: RegExpExecArray | null;
  if (write.method === 'POST' && MODULES.test(path)) {
    const id = idOf(answer) ?? pendingId(entryId);
    if (outline.modules.some((m) => m.id === id)) return outline;
    return { ...outline, modules: [...outline.modules, { id, title: String(body.title ?? ''), ...(pending ? { pending } : {}) }] };
  }
  if (write.method === 'PUT' && MODULE_ORDER.test(path)) return { ...outline, modules: ordered(outline.modules, body.ids) };
  if (write.method === 'PUT' && LESSON_ORDER.test(path)) return { ...outline, lessons: ordered(outline.lessons, body.ids) };
  if (write.method === 'PUT' && SETTINGS.test(path))
    return { ...outline, noSkipping: body.noSkipping === true, ...(pending ? { settingsUnsynced: true } : {}) };
  if ((match = CAPTIONS.exec(path))) return withCaptions(outline, match[1]!, decodeURIComponent(match[2]!), write.method === 'DELETE' ? null : body, pending);
  if ((match = MODULE.exec(path))) {
    const id = match[1]!;
    if (write.method === 'PUT') {
      const renamed = (m: OutlineModule) => ({ ...m, title: String(body.title ?? m.title), ...(pending ? { unsynced: true } : {}) });
      return { ...outline, modules: outline.modules.map((m) => (m.id === id ? renamed(m) : m)) };
    }
    if (write.method === 'DELETE') {
      return {
        modules: outline.modules.filter((m) => m.id !== id),
        lessons: outline.lessons.map((l) => (l.moduleId === id ? { ...l, moduleId: null } : l)),
      };
    }
  }
  if (write.method === 'POST' && LESSONS.test(path)) {
    const created = body as Partial<CreateLessonRequest>;
    const served = answer as Partial<OutlineLesson> | undefined;
    const id = idOf(answer) ?? pendingId(entryId);
    if (outline.lessons.some((l) => l.id === id)) return outline;
    const lesson: OutlineLesson = {
      ...served,
      id,
      title: String(created.title ?? ''),
      kind: created.kind ?? 'text',
      moduleId: created.moduleId ?? null,
      ...(created.kind === 'text' ? { body: created.body ?? '' } : {}),
      ...(pending ? { pending } : {}),
    };
    return { ...outline, lessons: [...outline.lessons, lesson] };
  }
  if ((match = LESSON.exec(path))) {
    const id = match[1]!;
    if (write.method === 'DELETE') return { ...outline, lessons: outline.lessons.filter((l) => l.id !== id) };
    if (write.method === 'PUT') {
      const patch = body as UpdateLessonRequest;
      const served = answer as Partial<OutlineLesson> | undefined;
      const lessons = outline.lessons.map((l) => {
        if (l.id !== id) return l;
        const next: OutlineLesson = { ...l, ...(served?.video ? { video: served.video } : {}), ...(pending ? { unsynced: true } : {}) };
        if (patch.title !== undefined) next.title = patch.title;
        if (patch.body !== undefined) next.body = typeof served?.body === 'string' ? served.body : patch.body;
        if (patch.moduleId !== undefined) next.moduleId = patch.moduleId;
        if (patch.materialTierIds !== undefined) next.materialTierIds = patch.materialTierIds;
        if (patch.videoUploadId !== undefined && !served?.video) next.video = { status: 'queued', progress: 0, durationSeconds: null, error: null };
        return next;
      });
      return { ...outline, lessons };
    }
  }
  return outline;
}

/** A lesson's captions with one language put (replacing it) or, `upload` null, deleted; ordered by language as the server lists them. */
function withCaptions(outline: Outline, lessonId: string, lang: string, upload: Record<string, unknown> | null, pending: boolean): Outline {
  const lessons = outline.lessons.map((l) => {
    if (l.id !== lessonId) return l;
    const others = (l.captions ?? []).filter((c) => c.lang !== lang);
    const captions = upload ? [...others, { lang, label: String(upload.label ?? lang) }].sort((a, b) => (a.lang < b.lang ? -1 : 1)) : others;
    return { ...l, captions, ...(pending ? { unsynced: true } : {}) };
  });
  return { ...outline, lessons };
}

/** The outline with every waiting write applied, in the order they were made. */
export function withPendingWrites(outline: Outline, entries: ReadonlyArray<ContentWrite & { id: string }>): Outline {
  return entries.reduce((current, entry) => applyWrite(current, entry, entry.id), outline);
}
