/**
 * PUT /api/courses/:id with the version the form was loaded at: if someone saved in between, the
 * server answers 409 with its copy instead of overwriting theirs.
 */
import type { Course } from '@contracts/catalogue';
import type { CourseWrite } from '@contracts/course-admin';
import { sendWrite, useCatalogueWrite } from './catalogue-write';

export const updateCourse = ({ id, body }: { id: string; body: CourseWrite }) => sendWrite<Course>('PUT', `/api/courses/${encodeURIComponent(id)}`, body);

export const useUpdateCourse = () => useCatalogueWrite(updateCourse);
