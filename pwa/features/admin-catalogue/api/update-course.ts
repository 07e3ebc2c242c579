/**
 * PUT /api/courses/:id with the version the form was loaded at: if someone saved in between, the
 * server answers 409 with its copy instead of overwriting theirs.
 */
import type { Course } from '@contracts/catalogue';
import type { CourseWrite } from '@contracts/course-admin';
import { courseEntity, sendWrite, useCatalogueWrite } from './catalogue-write';

/** `base`: the course as the form loaded it (the conflict view compares the admin's fields with it). */
export const updateCourse = ({ id, body, base }: { id: string; body: CourseWrite; base?: Course }) =>
  sendWrite<Course>({ method: 'PUT', url: `/api/courses/${encodeURIComponent(id)}`, body, base, entity: courseEntity(id), label: 'Update course' });

export const useUpdateCourse = () => useCatalogueWrite(updateCourse);
