/**
 * What the Content tab does, each through the outbox (`useContentWrite`), and what it says about it
 * in the live region ("Moved “Intro” to position 2 of 3 in Basics."). Moves are worked out on the
 * outline as shown (what waits in the outbox included), then sent as the server takes them: a
 * lesson's new module, then the whole lesson order, or the whole module order.
 */
import { useCallback, useState } from 'react';
import type { CaptionTrack, CreateLessonRequest, LessonKindName, UpdateLessonRequest } from '@contracts/learning';
import { contentWrites, retryVideo, useContentWrite } from '../api/content-writes';
import {
  changesBetween,
  lessonPlace,
  moveLessonBy,
  moveModuleBy,
  placeLesson,
  placeModule,
  type Outline,
  type OutlineLesson,
  type OutlineModule,
} from '../lib/content-outline';

const quoted = (title: string) => `“${title}”`;

export const KIND_NAMES: Record<LessonKindName, string> = { video: 'Video', document: 'Document (PDF)', text: 'Text page' };

export function useContentActions(courseId: string, outline: Outline | undefined) {
  const write = useContentWrite(courseId);
  const writes = contentWrites(courseId);
  const [announcement, setAnnouncement] = useState('');
  // A new text each time, so the same words said twice are announced twice.
  const announce = useCallback((text: string) => setAnnouncement((last) => (last === text ? `${text}\u00a0` : text)), []);

  /** Sends what a lesson move changed: its module first, then the order. */
  const sendLessonMove = async (lesson: OutlineLesson, next: Outline) => {
    if (!outline) return;
    const changes = changesBetween(outline, next, lesson.id);
    if (changes.moduleId) await write(writes.updateLesson(lesson.id, { moduleId: changes.moduleId.value }, 'Move lesson'), 'Failed to move lesson');
    if (changes.lessonOrder) await write(writes.orderLessons(changes.lessonOrder), 'Failed to reorder lessons');
    const place = lessonPlace(next, lesson.id);
    if (place) announce(`Moved ${quoted(lesson.title)} to position ${place.index} of ${place.count} in ${place.group}.`);
  };

  const sendModuleOrder = async (module: OutlineModule, next: Outline) => {
    if (!outline) return;
    const { moduleOrder } = changesBetween(outline, next);
    if (!moduleOrder) return;
    await write(writes.orderModules(moduleOrder), 'Failed to reorder modules');
    announce(`Moved module ${quoted(module.title)} to position ${moduleOrder.indexOf(module.id) + 1} of ${moduleOrder.length}.`);
  };

  return {
    announcement,
    announce,
    addModule: async (title: string) => {
      const outcome = await write(writes.addModule(title), 'Failed to add module');
      if (outcome.kind !== 'refused') announce(`Module ${quoted(title)} added.`);
      return outcome.kind !== 'refused';
    },
    renameModule: async (module: OutlineModule, title: string) => {
      const outcome = await write(writes.renameModule(module.id, title), 'Failed to rename module');
      if (outcome.kind !== 'refused') announce(`Module renamed to ${quoted(title)}.`);
      return outcome.kind !== 'refused';
    },
    deleteModule: async (module: OutlineModule) => {
      const outcome = await write(writes.deleteModule(module.id), 'Failed to delete module');
      if (outcome.kind !== 'refused') announce(`Module ${quoted(module.title)} deleted; its lessons stay in the course.`);
    },
    moveModule: (module: OutlineModule, delta: -1 | 1) => {
      const next = outline && moveModuleBy(outline, module.id, delta);
      return next ? sendModuleOrder(module, next) : Promise.resolve();
    },
    dropModule: (module: OutlineModule, beforeId: string | undefined) =>
      outline ? sendModuleOrder(module, placeModule(outline, module.id, beforeId)) : Promise.resolve(),
    addLesson: async (body: CreateLessonRequest) => {
      const outcome = await write(writes.addLesson(body), 'Failed to add lesson');
      if (outcome.kind !== 'refused') announce(`${KIND_NAMES[body.kind]} lesson ${quoted(body.title)} added.`);
      return outcome.kind !== 'refused';
    },
    updateLesson: async (lesson: OutlineLesson, body: UpdateLessonRequest, label: string, said: string) => {
      const outcome = await write(writes.updateLesson(lesson.id, body, label), `Failed to ${label.toLowerCase()}`);
      if (outcome.kind !== 'refused') announce(said);
      return outcome;
    },
    deleteLesson: async (lesson: OutlineLesson) => {
      const outcome = await write(writes.deleteLesson(lesson.id), 'Failed to delete lesson');
      if (outcome.kind !== 'refused') announce(`Lesson ${quoted(lesson.title)} deleted.`);
    },
    moveLesson: (lesson: OutlineLesson, delta: -1 | 1) => {
      const next = outline && moveLessonBy(outline, lesson.id, delta);
      return next ? sendLessonMove(lesson, next) : Promise.resolve();
    },
    placeLesson: (lesson: OutlineLesson, moduleId: string | null, beforeId?: string) =>
      outline ? sendLessonMove(lesson, placeLesson(outline, lesson.id, moduleId, beforeId)) : Promise.resolve(),
    captions: async (lesson: OutlineLesson, lang: string, label: string, vtt: string) => {
      const outcome = await write(writes.captions(lesson.id, lang, { label, vtt }), 'Failed to upload captions');
      if (outcome.kind !== 'refused') announce(`${label} captions of ${quoted(lesson.title)} uploaded.`);
      return outcome.kind !== 'refused';
    },
    deleteCaptions: async (lesson: OutlineLesson, caption: CaptionTrack) => {
      const outcome = await write(writes.deleteCaptions(lesson.id, caption.lang), 'Failed to delete captions');
      if (outcome.kind !== 'refused') announce(`${caption.label} captions (${caption.lang}) of ${quoted(lesson.title)} deleted.`);
      return outcome.kind !== 'refused';
    },
    setNoSkipping: async (noSkipping: boolean) => {
      const outcome = await write(writes.settings({ noSkipping }), 'Failed to change no skipping ahead');
      if (outcome.kind !== 'refused') announce(noSkipping ? 'Learners can no longer skip ahead.' : 'Learners may skip ahead again.');
    },
    retryVideo: async (lesson: OutlineLesson, videoId: string) => {
      const outcome = await write(retryVideo(videoId), 'Failed to retry the video');
      if (outcome.kind !== 'refused') announce(`Processing of ${quoted(lesson.title)} queued again.`);
    },
  };
}

export type ContentActions = ReturnType<typeof useContentActions>;
