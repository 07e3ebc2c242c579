/**
 * The Content tab's writes (api/routes/lesson-admin-routes.ts), each through the outbox
 * (`sendWrite`), named by their course, so a course's writes are sent one at a time in the order
 * they were made — offline they wait on the device and go in that order when
 * the connection is back. `useContentWrite` runs one: the answer is applied to the outline at once
 * and the syllabus read again; kept for later, the outbox's copy shows it ("Not synced yet"); a
 * refusal says why.
 */
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CaptionsUpload, ContentSettings, CreateLessonRequest, UpdateLessonRequest } from '@contracts/learning';
import type { NewWrite } from '@pwa/offline/back-office/outbox';
import { sendWrite } from '@pwa/offline/back-office/send-write';
import { KeptForLaterError } from '@pwa/lib/kept-for-later';
import { useNotify } from '@pwa/lib/notify';
import { failure } from '@pwa/lib/toasts';
import type { Outline } from '../lib/content-outline';
import { applyWrite } from '../lib/pending-writes';
import { contentEntity, contentKeys } from './content-keys';
import { readWaiting } from './waiting-writes';

export { contentEntity };

const course = (id: string) => `/api/courses/${encodeURIComponent(id)}`;
const lesson = (id: string) => `/api/lessons/${encodeURIComponent(id)}`;
const moduleUrl = (id: string) => `/api/modules/${encodeURIComponent(id)}`;
const captionsUrl = (id: string, lang: string) => `${lesson(id)}/captions/${encodeURIComponent(lang)}`;

/** The writes of one course's content, as the outbox stores them. */
export function contentWrites(courseId: string) {
  const entity = contentEntity(courseId);
  return {
    addModule: (title: string): NewWrite => ({ method: 'POST', url: `${course(courseId)}/modules`, body: { title }, entity, label: 'Add module' }),
    renameModule: (id: string, title: string): NewWrite => ({ method: 'PUT', url: moduleUrl(id), body: { title }, entity, label: 'Rename module' }),
    deleteModule: (id: string): NewWrite => ({ method: 'DELETE', url: moduleUrl(id), entity, label: 'Delete module' }),
    orderModules: (ids: string[]): NewWrite => ({ method: 'PUT', url: `${course(courseId)}/modules/order`, body: { ids }, entity, label: 'Reorder modules' }),
    addLesson: (body: CreateLessonRequest): NewWrite => ({ method: 'POST', url: `${course(courseId)}/lessons`, body, entity, label: 'Add lesson' }),
    updateLesson: (id: string, body: UpdateLessonRequest, label = 'Edit lesson'): NewWrite => ({ method: 'PUT', url: lesson(id), body, entity, label }),
    deleteLesson: (id: string): NewWrite => ({ method: 'DELETE', url: lesson(id), entity, label: 'Delete lesson' }),
    orderLessons: (ids: string[]): NewWrite => ({ method: 'PUT', url: `${course(courseId)}/lessons/order`, body: { ids }, entity, label: 'Reorder lessons' }),
    captions: (id: string, lang: string, body: CaptionsUpload): NewWrite => ({
      method: 'PUT',
      url: captionsUrl(id, lang),
      body,
      entity,
      label: 'Upload captions',
    }),
    deleteCaptions: (id: string, lang: string): NewWrite => ({ method: 'DELETE', url: captionsUrl(id, lang), entity, label: 'Delete captions' }),
    settings: (body: ContentSettings): NewWrite => ({
      method: 'PUT',
      url: `${course(courseId)}/content-settings`,
      body,
      entity,
      label: 'Change no skipping ahead',
    }),
  };
}

/** A failed transcode queued again (its own entity: it changes the video, not the outline). */
export const retryVideo = (videoId: string): NewWrite => ({
  method: 'POST',
  url: `/api/videos/${encodeURIComponent(videoId)}/retry`,
  entity: `video:${videoId}`,
  label: 'Retry video processing',
});

/** How a write ended for the screen: sent (with the answer), kept on the device, or refused (already said in a toast). */
export type WriteOutcome<T> = { kind: 'sent'; answer: T } | { kind: 'kept' } | { kind: 'refused' };

/** Runs content writes of `courseId`: `write(newWrite, whatFailed)`. */
export function useContentWrite(courseId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useCallback(
    async <T = unknown>(write: NewWrite, failed: string): Promise<WriteOutcome<T>> => {
      const key = contentKeys.outline(courseId);
      try {
        const answer = await sendWrite<T>(write);
        // The answer, and the outbox without the write, in one update: a created lesson is never shown twice.
        const waiting = await readWaiting(courseId).catch(() => undefined);
        notifyManager.batch(() => {
          if (waiting) queryClient.setQueryData(contentKeys.waiting(courseId), waiting);
          queryClient.setQueryData<Outline>(key, (old) => (old ? applyWrite(old, write, '', answer ?? null) : old));
        });
        void queryClient.invalidateQueries({ queryKey: key });
        return { kind: 'sent', answer };
      } catch (error) {
        notify(failure(error, failed));
        if (error instanceof KeptForLaterError) return { kind: 'kept' };
        void queryClient.invalidateQueries({ queryKey: key });
        return { kind: 'refused' };
      }
    },
    [courseId, queryClient, notify],
  );
}
