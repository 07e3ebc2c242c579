/**
 * Saving a course form: create (POST) or update (PUT with the version the form was loaded at), with
 * the spec's toasts for the kind of course. A stale version (someone saved in between) answers 409
 * and the toast says so; nothing is overwritten. Resolves to the saved course, or undefined on failure.
 */
import type { Course } from '@contracts/catalogue';
import type { CourseWrite } from '@contracts/course-admin';
import { useNotify } from '@pwa/lib/notify';
import { useCreateCourse } from '../api/create-course';
import { useUpdateCourse } from '../api/update-course';
import { COURSE_TOASTS, failure, success, type ManagedKind } from '../lib/course-toasts';

export function useSaveCourse(kind: ManagedKind, existing: Pick<Course, 'id' | 'version'> | undefined) {
  const notify = useNotify();
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const toasts = COURSE_TOASTS[kind];

  return async (body: CourseWrite): Promise<Course | undefined> => {
    try {
      const saved = existing ? await update.mutateAsync({ id: existing.id, body: { ...body, version: existing.version } }) : await create.mutateAsync(body);
      notify(success(existing ? toasts.updated : toasts.created));
      return saved;
    } catch (error) {
      notify(failure(error, existing ? toasts.updateFailed : toasts.createFailed));
      return undefined;
    }
  };
}

/** The "Validation Error" toast of the course forms. */
export function useValidationToast() {
  const notify = useNotify();
  return (description: string) => notify({ title: 'Validation Error', description, variant: 'destructive' });
}
