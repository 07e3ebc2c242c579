/**
 * Saving a course form: create (POST) or update (PUT with the version the form was loaded at), with
 * the spec's toasts for the kind of course. A stale version (someone saved in between) answers 409
 * and the toast says so; nothing is overwritten. Resolves to the saved course, or undefined on failure.
 */
import { useRef } from 'react';
import type { Course } from '@contracts/catalogue';
import type { CourseWrite } from '@contracts/course-admin';
import { useNotify } from '@pwa/lib/notify';
import { failure, success } from '@pwa/lib/toasts';
import { useCreateCourse } from '../api/create-course';
import { useUpdateCourse } from '../api/update-course';
import { COURSE_TOASTS, type ManagedKind } from '../lib/course-toasts';

export function useSaveCourse(kind: ManagedKind, existing: Course | undefined) {
  const notify = useNotify();
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const toasts = COURSE_TOASTS[kind];

  // A new course is named here once per form: a save kept for later and pressed again stays one course.
  const newId = useRef(crypto.randomUUID());

  return async (body: CourseWrite): Promise<Course | undefined> => {
    try {
      const saved = existing
        ? await update.mutateAsync({ id: existing.id, body: { ...body, version: existing.version }, base: existing })
        : await create.mutateAsync({ ...body, id: newId.current });
      if (!existing) newId.current = crypto.randomUUID(); // the next course made with this form is another one
      notify(success(existing ? toasts.updated : toasts.created));
      return saved;
    } catch (error) {
      notify(failure(error, existing ? toasts.updateFailed : toasts.createFailed));
      return undefined;
    }
  };
}
