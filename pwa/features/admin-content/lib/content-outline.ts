/**
 * A course's content as the server keeps it (api/services/learning/syllabus.ts): modules in their
 * order, and lessons in one course-wide order, each naming its module (or none). The screen shows
 * it grouped — lessons outside any module first, under "Lessons", then each module with its own —
 * exactly as the syllabus does, so a move computed here is the order the server will answer.
 */
import type { Syllabus, SyllabusLesson } from '@contracts/learning';

export interface OutlineModule {
  id: string;
  title: string;
  /** Made on this device and not yet on the server (its id is the outbox entry's). */
  pending?: boolean;
  /** Changed on this device; the change waits in the outbox. */
  unsynced?: boolean;
}

export interface OutlineLesson extends SyllabusLesson {
  moduleId: string | null;
  pending?: boolean;
  unsynced?: boolean;
}

export interface Outline {
  modules: OutlineModule[];
  lessons: OutlineLesson[];
  /** The course's "no skipping ahead" (PUT /api/courses/:id/content-settings). */
  noSkipping?: boolean;
  /** The setting was changed on this device; the change waits in the outbox. */
  settingsUnsynced?: boolean;
}

export interface OutlineGroup {
  /** null: the lessons outside any module. */
  id: string | null;
  title: string;
  pending?: boolean;
  unsynced?: boolean;
  lessons: OutlineLesson[];
}

/** The syllabus's name for the lessons outside any module. */
export const LOOSE_TITLE = 'Lessons';

export function outlineOf(syllabus: Syllabus): Outline {
  const modules: OutlineModule[] = [];
  const lessons: OutlineLesson[] = [];
  for (const group of syllabus.modules) {
    if (group.id !== null) modules.push({ id: group.id, title: group.title });
    for (const lesson of group.lessons) lessons.push({ ...lesson, moduleId: group.id });
  }
  return { modules, lessons, noSkipping: syllabus.noSkipping };
}

const groupOf = (outline: Outline, lesson: OutlineLesson): string | null =>
  lesson.moduleId !== null && outline.modules.some((m) => m.id === lesson.moduleId) ? lesson.moduleId : null;

/** Loose lessons first (only when there are some), then every module with its lessons, in order. */
export function groupsOf(outline: Outline): OutlineGroup[] {
  const loose = outline.lessons.filter((l) => groupOf(outline, l) === null);
  const groups: OutlineGroup[] = loose.length ? [{ id: null, title: LOOSE_TITLE, lessons: loose }] : [];
  for (const m of outline.modules)
    groups.push({ id: m.id, title: m.title, pending: m.pending, unsynced: m.unsynced, lessons: outline.lessons.filter((l) => l.moduleId === m.id) });
  return groups;
}

export const lessonIds = (outline: Outline) => outline.lessons.map((l) => l.id);
export const moduleIds = (outline: Outline) => outline.modules.map((m) => m.id);

/** Where a lesson stands in its group (1-based), for the buttons and the announcement. */
export function lessonPlace(outline: Outline, lessonId: string): { group: string; index: number; count: number } | undefined {
  const lesson = outline.lessons.find((l) => l.id === lessonId);
  if (!lesson) return undefined;
  const group = groupsOf(outline).find((g) => g.id === groupOf(outline, lesson))!;
  return { group: group.title, index: group.lessons.findIndex((l) => l.id === lessonId) + 1, count: group.lessons.length };
}

/** Swaps a lesson with its neighbour in its group; undefined at the group's edge. */
export function moveLessonBy(outline: Outline, lessonId: string, delta: -1 | 1): Outline | undefined {
  const lesson = outline.lessons.find((l) => l.id === lessonId);
  if (!lesson) return undefined;
  const group = groupOf(outline, lesson);
  const siblings = outline.lessons.filter((l) => groupOf(outline, l) === group);
  const neighbour = siblings[siblings.indexOf(lesson) + delta];
  if (!neighbour) return undefined;
  const lessons = [...outline.lessons];
  const a = lessons.indexOf(lesson);
  const b = lessons.indexOf(neighbour);
  [lessons[a], lessons[b]] = [neighbour, lesson];
  return { ...outline, lessons };
}

/**
 * Puts a lesson into `moduleId` (null: outside any module), just before `beforeId` when given (a
 * lesson of that group), else after the group's last lesson.
 */
export function placeLesson(outline: Outline, lessonId: string, moduleId: string | null, beforeId?: string): Outline {
  const lesson = outline.lessons.find((l) => l.id === lessonId);
  if (!lesson || beforeId === lessonId) return outline;
  const moved: OutlineLesson = { ...lesson, moduleId };
  const rest = outline.lessons.filter((l) => l.id !== lessonId);
  let at = beforeId ? rest.findIndex((l) => l.id === beforeId) : -1;
  if (at < 0) {
    const target = { ...outline, lessons: rest };
    const lastOfGroup = rest.reduce((last, l, i) => (groupOf(target, l) === moduleId ? i : last), -1);
    at = lastOfGroup >= 0 ? lastOfGroup + 1 : rest.length;
  }
  return { ...outline, lessons: [...rest.slice(0, at), moved, ...rest.slice(at)] };
}

/** Swaps a module with its neighbour; undefined at the edge. */
export function moveModuleBy(outline: Outline, moduleId: string, delta: -1 | 1): Outline | undefined {
  const at = outline.modules.findIndex((m) => m.id === moduleId);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= outline.modules.length) return undefined;
  const modules = [...outline.modules];
  [modules[at], modules[to]] = [modules[to]!, modules[at]!];
  return { ...outline, modules };
}

/** Puts a module just before `beforeId`, or last. */
export function placeModule(outline: Outline, moduleId: string, beforeId?: string): Outline {
  const moving = outline.modules.find((m) => m.id === moduleId);
  if (!moving || beforeId === moduleId) return outline;
  const rest = outline.modules.filter((m) => m.id !== moduleId);
  const at = beforeId ? rest.findIndex((m) => m.id === beforeId) : -1;
  const modules = at < 0 ? [...rest, moving] : [...rest.slice(0, at), moving, ...rest.slice(at)];
  return { ...outline, modules };
}

const sameOrder = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** What changed between two outlines of the same content: the lesson's module, the lesson order, the module order. */
export function changesBetween(before: Outline, after: Outline, lessonId?: string) {
  const was = lessonId ? before.lessons.find((l) => l.id === lessonId) : undefined;
  const is = lessonId ? after.lessons.find((l) => l.id === lessonId) : undefined;
  return {
    moduleId: was && is && was.moduleId !== is.moduleId ? { value: is.moduleId } : undefined,
    lessonOrder: sameOrder(lessonIds(before), lessonIds(after)) ? undefined : lessonIds(after),
    moduleOrder: sameOrder(moduleIds(before), moduleIds(after)) ? undefined : moduleIds(after),
  };
}
